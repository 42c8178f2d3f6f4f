import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import { LedRounds } from '../../cluster/led-rounds';
import type { DemoService } from './demo.service';

/** The job's name in `leadership` (decision 0044): one node runs it. */
export const DEMO_CLEANUP_JOB = 'job:demo-cleanup';

/** Closes demo accounts unused for the configured days (decision 0055), hourly, on the node that leads it. */
export class DemoCleanupJob {
  private readonly rounds: LedRounds;

  constructor(parts: {
    service: Pick<DemoService, 'closeIdle'>;
    leadership: Pick<Leadership, 'contend'>;
    log?: FastifyBaseLogger;
    everyMs?: number;
  }) {
    this.rounds = new LedRounds({
      leadership: parts.leadership,
      name: DEMO_CLEANUP_JOB,
      round: async () => {
        const closed = await parts.service.closeIdle();
        if (closed > 0) parts.log?.info({ closed }, 'unused demo accounts closed');
      },
      pauseMs: () => parts.everyMs ?? 3600_000,
      first: 'afterPause',
      log: parts.log,
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }
}
