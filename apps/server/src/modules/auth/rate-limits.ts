import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';

export type RateLimitOptions = {
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  loginWindowSeconds: number;
  codesPerIpPerHour: number;
  codeResendSeconds: number;
};

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  loginFailuresPerAccount: 10,
  loginFailuresPerIp: 30,
  loginWindowSeconds: 15 * 60,
  codesPerIpPerHour: 10,
  codeResendSeconds: 60,
};

function minutesLeft(result: RateLimiterRes) {
  return Math.max(1, Math.ceil(result.msBeforeNext / 60_000));
}

/** The limits on guessing passwords and on sending codes, per account and per IP. */
export class AuthRateLimits {
  private readonly loginByAccount: RateLimiterMemory;
  private readonly loginByIp: RateLimiterMemory;
  private readonly codeByAccount: RateLimiterMemory;
  private readonly codeByIp: RateLimiterMemory;

  constructor(options: RateLimitOptions = DEFAULT_RATE_LIMITS) {
    const window = options.loginWindowSeconds;
    this.loginByAccount = new RateLimiterMemory({
      points: options.loginFailuresPerAccount,
      duration: window,
    });
    this.loginByIp = new RateLimiterMemory({ points: options.loginFailuresPerIp, duration: window });
    this.codeByAccount = new RateLimiterMemory({ points: 1, duration: options.codeResendSeconds });
    this.codeByIp = new RateLimiterMemory({ points: options.codesPerIpPerHour, duration: 3600 });
  }

  /** Refuses a login attempt while either the account or the IP has used up its failures. */
  async assertLoginAllowed(account: string, ip: string) {
    for (const [limiter, key] of [
      [this.loginByAccount, account],
      [this.loginByIp, ip],
    ] as const) {
      const state = await limiter.get(key);
      if (state && state.remainingPoints <= 0) {
        throw new AppError('tooManyAttempts', { minutes: minutesLeft(state) });
      }
    }
  }

  async recordLoginFailure(account: string, ip: string) {
    await Promise.all([this.loginByAccount.penalty(account, 1), this.loginByIp.penalty(ip, 1)]);
  }

  async recordLoginSuccess(account: string) {
    await this.loginByAccount.delete(account);
  }

  /** Spends one of the IP's code sendings; it comes before any lookup, so it also limits probing for accounts. */
  async consumeCodeSendingByIp(ip: string) {
    try {
      await this.codeByIp.consume(ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new AppError('tooManyAttempts', { minutes: minutesLeft(rejection) });
      }
      throw rejection;
    }
  }

  /** Allows one code per account and purpose per resend window, or refuses with the seconds left. */
  async consumeCodeSendingByAccount(key: string) {
    try {
      await this.codeByAccount.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new AppError('codeTooSoon', { seconds: Math.ceil(rejection.msBeforeNext / 1000) });
      }
      throw rejection;
    }
  }
}
