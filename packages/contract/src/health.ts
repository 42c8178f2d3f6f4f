import { z } from 'zod';

export const healthResult = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

export type HealthResult = z.infer<typeof healthResult>;
