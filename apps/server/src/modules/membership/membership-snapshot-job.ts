import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
import { LedRounds } from '../../cluster/led-rounds';
import type { MembershipService } from './membership.service';

/** The job's name in `leadership` (decision 0044): one node runs it. */
export const MEMBERSHIP_SNAPSHOT_JOB = 'job:membership-snapshot';

export type MembershipSnapshotJobParts = {
  service: Pick<MembershipService, 'snapshot' | 'lastSnapshotAt'>;
  leadership: Pick<Leadership, 'contend'>;
  log?: FastifyBaseLogger;
  /** How often the leader looks whether today's snapshot is due; ten minutes unless a test says otherwise. */
  everyMs?: number;
  now?: () => Date;
};

/**
 * The daily snapshot of members' levels (`job:membership-snapshot`, decision 0050), led by one node: every
 * `everyMs` it runs a snapshot unless one already ran on the current UTC day. The first look is one period after
 * leadership is gained, so that a restart does not snapshot before the node has its prices. A snapshot run twice
 * (a deposed leader still running one) writes the same levels: the statement is idempotent at a given moment and
 * a grace period's end is stored, not counted.
 */
export class MembershipSnapshotJob {
  private readonly rounds: LedRounds;

  constructor(private readonly parts: MembershipSnapshotJobParts) {
    this.rounds = new LedRounds({
      leadership: parts.leadership,
      name: MEMBERSHIP_SNAPSHOT_JOB,
      round: () => this.runIfDue(),
      pauseMs: () => parts.everyMs ?? 10 * 60_000,
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

  /** Snapshots now unless today's (UTC) snapshot already ran; answers whether it ran. */
  async runIfDue(): Promise<boolean> {
    const now = this.parts.now?.() ?? new Date();
    const last = await this.parts.service.lastSnapshotAt();
    if (last && utcDay(last) === utcDay(now)) return false;
    const written = await this.parts.service.snapshot(now);
    this.parts.log?.info({ members: written }, 'membership snapshot written');
    return true;
  }
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
