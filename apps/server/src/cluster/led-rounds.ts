import type { FastifyBaseLogger } from 'fastify';
import type { Leadership, LeadershipName } from './leadership';

export type LedRoundsParts = {
  leadership: Pick<Leadership, 'contend'>;
  /** The job's name in `leadership` (decision 0044). */
  name: LeadershipName;
  /** One round of the job; a failure is logged and the next round comes all the same. */
  round: () => Promise<unknown>;
  /** The pause after a round before the next, read again after each round (an operator may change it). */
  pauseMs: () => number | Promise<number>;
  /** Whether the first round runs as soon as leadership is gained, or one pause later. */
  first: 'atOnce' | 'afterPause';
  log?: FastifyBaseLogger;
};

/**
 * The rounds of a job one node runs at a time: while this node leads `name`, a round, a pause, the next round;
 * never two rounds at once. Losing leadership or stopping waits for the round in flight, so a node hands over only
 * once its last round has ended. Every job's rounds must still be safe when a deposed leader's round overlaps the
 * new leader's (conditional updates, unique rows or a fence): leadership can be lost without the node knowing.
 */
export class LedRounds {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private leading = false;
  private stopped = false;

  constructor(private readonly parts: LedRoundsParts) {}

  start(): void {
    this.parts.leadership.contend(this.parts.name, {
      gained: async () => {
        if (this.stopped) return;
        this.leading = true;
        const delay = this.parts.first === 'atOnce' ? 0 : await this.pause();
        if (this.leading && !this.stopped) this.schedule(delay);
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
      // Leadership regained while a round runs: that round schedules the next.
      if (this.running) return;
      this.running = this.parts
        .round()
        .then(
          () => undefined,
          (error: unknown) =>
            this.parts.log?.warn({ err: error, job: this.parts.name }, 'a job round failed'),
        )
        .then(() => this.pause())
        .then((pause) => {
          this.running = undefined;
          if (this.leading && !this.stopped) this.schedule(pause);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async pause(): Promise<number> {
    try {
      return await this.parts.pauseMs();
    } catch (error) {
      this.parts.log?.warn({ err: error, job: this.parts.name }, 'a job could not read its pause');
      return DEFAULT_PAUSE_MS;
    }
  }
}

/** The pause when a job cannot read its own (its settings unreachable): a minute. */
const DEFAULT_PAUSE_MS = 60_000;
