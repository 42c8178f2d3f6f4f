import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import type { ReferralService } from './referral.service';

/** The job's name in `leadership` (decision 0044): one node credits commissions. */
export const REFERRAL_COMMISSIONS_JOB = 'job:referral-commissions';

export type ReferralCommissionJobParts = {
  service: ReferralService;
  leadership: Pick<Leadership, 'contend'>;
  log?: FastifyBaseLogger;
};

/**
 * The commission batches, led by one node (`job:referral-commissions`): a batch when leadership is gained, then
 * one each `batchMinutes` as the operators set it (read again after each batch). A deposed leader still running a
 * batch pays nothing twice: each round locks its source's watermark, and each fee has one commission row and one
 * journal reference.
 */
export class ReferralCommissionJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private leading = false;
  private stopped = false;

  constructor(private readonly parts: ReferralCommissionJobParts) {}

  start(): void {
    this.parts.leadership.contend(REFERRAL_COMMISSIONS_JOB, {
      gained: async () => {
        if (this.stopped) return;
        this.leading = true;
        this.schedule(0);
      },
      lost: async () => {
        this.leading = false;
        clearTimeout(this.timer);
        this.timer = undefined;
        await this.running;
      },
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.leading = false;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.parts.service
        .runBatch()
        .then(() => undefined)
        .catch((error) => this.parts.log?.warn({ err: error }, 'a referral commission batch failed'))
        .then(() => this.parts.service.batchInterval())
        .catch(() => 5 * 60_000)
        .then((interval) => {
          this.running = undefined;
          if (this.leading && !this.stopped) this.schedule(interval);
        });
    }, delayMs);
    this.timer.unref();
  }
}
