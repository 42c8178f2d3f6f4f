import { availableParallelism } from 'node:os';
import { AppError } from '../../http/app-error';

export type HashingBounds = {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes waiting for a turn; beyond it a hash is refused at once. */
  queue: number;
  /** Hashes one owner (an IP, a user) may have running or waiting; beyond it theirs are refused. */
  perOwner: number;
  /** How long a refusal is held before it is sent, so that senders who wait for it are slowed (none unless named). */
  refusalHoldMs?: number;
};

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), beside file and DNS
 * work; more hashes at once than cores only make each one slower.
 */
export const DEFAULT_HASHING_BOUNDS: HashingBounds = {
  concurrency: Math.max(1, Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE) || 4)),
  queue: 32,
  perOwner: 16,
  refusalHoldMs: 1000,
};

type Waiting = { owner: string; start: () => void };

/**
 * Bounds the password hashing of the process (decision 0029): a few hashes run at once, a short queue waits, and
 * the rest is refused with a translated 503 before any hashing, held a moment before it is sent, so a flood of
 * guesses costs its senders a slow refusal instead of costing everyone a long wait. No owner holds every slot,
 * and the next turn goes to the waiting owner with the fewest hashes running, so one owner's flood does not
 * stand between another owner and their turn.
 */
export class HashingQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  /** Running and waiting hashes per owner. */
  private readonly held = new Map<string, number>();
  private readonly runningOf = new Map<string, number>();
  private started = 0;
  private refused = 0;

  constructor(private readonly bounds: HashingBounds = DEFAULT_HASHING_BOUNDS) {}

  /**
   * Refuses with `busy` when a hash of `owner` would be refused now: a check before the work that leads to a
   * hash (looking up the account), so that a refused guess costs no query. `run` checks again.
   */
  refuseWhenFull(owner: string) {
    const full =
      (this.held.get(owner) ?? 0) >= this.bounds.perOwner ||
      (this.running >= this.bounds.concurrency && this.waiting.length >= this.bounds.queue);
    if (full) {
      this.refused += 1;
      throw new AppError('busy', undefined, this.bounds.refusalHoldMs);
    }
  }

  /** Runs `hash` when its turn comes, or refuses with `busy` when the queue or the owner's share is full. */
  async run<T>(owner: string, hash: () => Promise<T>): Promise<T> {
    this.refuseWhenFull(owner);
    increment(this.held, owner);
    if (this.mayStart(owner)) this.start(owner);
    else await new Promise<void>((start) => this.waiting.push({ owner, start }));
    this.started += 1;
    try {
      return await hash();
    } finally {
      this.finish(owner);
    }
  }

  /** How many hashes started and were refused since the process began, and how many run and wait now. */
  stats() {
    return {
      started: this.started,
      refused: this.refused,
      running: this.running,
      waiting: this.waiting.length,
    };
  }

  /**
   * Whether a hash of `owner` may start now: a slot is free, and the owner would not hold every slot, so that
   * one is always left for someone else's hash.
   */
  private mayStart(owner: string) {
    const ownersLimit = Math.max(1, this.bounds.concurrency - 1);
    return this.running < this.bounds.concurrency && (this.runningOf.get(owner) ?? 0) < ownersLimit;
  }

  private start(owner: string) {
    this.running += 1;
    increment(this.runningOf, owner);
  }

  private finish(owner: string) {
    decrement(this.held, owner);
    decrement(this.runningOf, owner);
    this.running -= 1;
    for (let next = this.nextTurn(); next !== undefined; next = this.nextTurn()) {
      const [waiting] = this.waiting.splice(next, 1);
      if (!waiting) return;
      this.start(waiting.owner);
      waiting.start();
    }
  }

  /** The waiting hash that may start whose owner has the fewest hashes running, the earliest of them on a tie. */
  private nextTurn(): number | undefined {
    let best: number | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    this.waiting.forEach((waiting, index) => {
      const running = this.runningOf.get(waiting.owner) ?? 0;
      if (running < fewest && this.mayStart(waiting.owner)) {
        fewest = running;
        best = index;
      }
    });
    return best;
  }
}

function increment(counts: Map<string, number>, owner: string) {
  counts.set(owner, (counts.get(owner) ?? 0) + 1);
}

function decrement(counts: Map<string, number>, owner: string) {
  const left = (counts.get(owner) ?? 0) - 1;
  if (left > 0) counts.set(owner, left);
  else counts.delete(owner);
}
