import { z } from 'zod';

export const healthResult = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** The node that answered (decision 0044). */
  node: z.string(),
  /** The markets and jobs this node leads, each with the fencing epoch it leads with. */
  leads: z.array(z.object({ name: z.string(), epoch: z.string() })),
});

export type HealthResult = z.infer<typeof healthResult>;

/** The readiness answer: only ever `ready`; a node that cannot serve answers 503 instead. */
export const readyResult = z.object({ status: z.literal('ready') });

export type ReadyResult = z.infer<typeof readyResult>;
