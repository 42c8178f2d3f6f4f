import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly parts: MembershipSnapshotJobParts) {}

  start(): void {
    this.parts.leadership.contend(MEMBERSHIP_SNAPSHOT_JOB, {
      gained: async () => {
        if (this.stopped) return;
        clearInterval(this.timer);
        this.timer = setInterval(
          () => {
            this.running ??= this.runIfDue()
              .catch((error) => this.parts.log?.warn({ err: error }, 'the membership snapshot failed'))
              .finally(() => {
                this.running = undefined;
              });
          },
          this.parts.everyMs ?? 10 * 60_000,
        );
        this.timer.unref();
      },
      lost: async () => {
        clearInterval(this.timer);
        this.timer = undefined;
        await this.running;
      },
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
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
