import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import { LedRounds } from '../../cluster/led-rounds';
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
  private readonly rounds: LedRounds;

  constructor(parts: ReferralCommissionJobParts) {
    this.rounds = new LedRounds({
      leadership: parts.leadership,
      name: REFERRAL_COMMISSIONS_JOB,
      round: () => parts.service.runBatch(),
      pauseMs: () => parts.service.batchInterval(),
      first: 'atOnce',
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
