import { z } from 'zod';

/** Every response body: `code` 0 is success; any other code is a failure whose `msg` is already translated. */
export type Envelope<T> = { code: number; msg: string; data: T };

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** A failure's `data` is null, or names the refused field when a check beyond the schema refused one. */
export const failureEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.object({ field: z.string() }).nullable(),
});
