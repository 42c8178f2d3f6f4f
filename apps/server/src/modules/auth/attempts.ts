import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';

/**
 * Where a limit keeps its counts: in this process alone, or in Redis when several nodes share the limits
 * (decision 0044). Any rate-limiter-flexible limiter whose `consume` is atomic fits.
 */
export type LimiterStore = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

export const inProcessLimiters: LimiterStore = (options) => new RateLimiterMemory(options);

/**
 * Limits every node shares, in Redis under the deployment's prefix. A consume (and a give-back) is one Lua script
 * on the server, which sets the window's key if absent, adds the points and reads the time left: an increment and
 * its check are one atomic step however many nodes send attempts at once, so the guarantee of decision 0029 (at
 * most the limit checked, reserved before hashing) holds across nodes. `get` and `delete` are single reads and
 * deletes of the same key.
 */
export function redisLimiters(redis: Redis, prefix: string): LimiterStore {
  return (options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: redis,
      keyPrefix: `${prefix}:limits:${options.keyPrefix}`,
    });
}

function minutesLeft(result: RateLimiterRes) {
  return Math.max(1, Math.ceil(result.msBeforeNext / 60_000));
}

/**
 * A number of attempts per key and window, spent BEFORE the attempt is checked: the increment and the comparison
 * are one atomic step of the store, so however many attempts arrive at once, at most `points` of them are let
 * through in a window. A failed attempt keeps its point (it is the failure); one that was not checked after all
 * is given back; a success forgets the key's failures.
 */
export class AttemptLimit {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  /** Spends one attempt, or refuses with a translated 429 naming the minutes until one is free again. */
  async reserve(key: string) {
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new AppError('tooManyAttempts', { minutes: minutesLeft(rejection) });
      }
      throw rejection;
    }
  }

  /**
   * Refuses with the same 429 as `reserve`, held for `holdMs`, without spending anything, while the key has no
   * attempt left: a check cheap enough to run before a request's body is read.
   */
  async refuseWhenSpent(key: string, holdMs: number) {
    const state = await this.limiter.get(key);
    if (state && state.consumedPoints >= this.limiter.points) {
      throw new AppError('tooManyAttempts', { minutes: minutesLeft(state) }, holdMs);
    }
  }

  /** Returns a reserved attempt that was never checked (the hashing queue was full, the database failed). */
  async giveBack(key: string) {
    await this.limiter.reward(key, 1);
  }

  /** Forgets every failure of the key, as a right password does. */
  async forget(key: string) {
    await this.limiter.delete(key);
  }
}

/**
 * Runs a check under a reserved attempt: should it end in an error rather than an answer, nothing was checked and
 * the attempt is given back before the error goes on.
 */
export async function checkedUnder<T>(giveBack: () => Promise<void>, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await giveBack();
    throw error;
  }
}
