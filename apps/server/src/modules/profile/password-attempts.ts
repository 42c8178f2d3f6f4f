import { RateLimiterMemory } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';

export type PasswordAttemptOptions = { failures: number; windowSeconds: number };

/**
 * Wrong old passwords per user and per kind (login, security), limited like login failures: a stolen session
 * must not become a way to guess the password behind it.
 */
export class PasswordAttempts {
  private readonly failures: RateLimiterMemory;

  constructor(options: PasswordAttemptOptions) {
    this.failures = new RateLimiterMemory({ points: options.failures, duration: options.windowSeconds });
  }

  async assertAllowed(key: string) {
    const state = await this.failures.get(key);
    if (state && state.remainingPoints <= 0) {
      throw new AppError('tooManyAttempts', { minutes: Math.max(1, Math.ceil(state.msBeforeNext / 60_000)) });
    }
  }

  async recordFailure(key: string) {
    await this.failures.penalty(key, 1);
  }

  async recordSuccess(key: string) {
    await this.failures.delete(key);
  }
}
