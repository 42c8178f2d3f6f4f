import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';
import { AttemptLimit, checkedUnder, inProcessLimiters, type LimiterStore } from './attempts';

export type RateLimitOptions = {
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  loginWindowSeconds: number;
  codesPerIpPerHour: number;
  codeResendSeconds: number;
  /** How long the refusal of an address with no login attempt left is held before it is sent. */
  lockedRefusalHoldMs: number;
};

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  loginFailuresPerAccount: 10,
  loginFailuresPerIp: 30,
  loginWindowSeconds: 15 * 60,
  codesPerIpPerHour: 10,
  codeResendSeconds: 60,
  lockedRefusalHoldMs: 1000,
};

function minutesLeft(result: RateLimiterRes) {
  return Math.max(1, Math.ceil(result.msBeforeNext / 60_000));
}

/**
 * A login attempt reserved on the account and on the IP before the password is hashed. A wrong password needs
 * nothing more: the reservation is its failure.
 */
export type LoginAttempt = {
  /** Runs the password check; an error instead of an answer (hashing too busy) gives the attempt back. */
  check<T>(check: () => Promise<T>): Promise<T>;
  /** The password was right: the account's failures are forgotten and the IP's attempt is given back. */
  succeeded(): Promise<void>;
  /** The password was right but the login stops for another reason (account frozen, code to ask for). */
  giveBack(): Promise<void>;
};

/** The limits on guessing passwords and on sending codes, per account and per IP. */
export class AuthRateLimits {
  private readonly loginByAccount: AttemptLimit;
  private readonly loginByIp: AttemptLimit;
  private readonly codeByAccount;
  private readonly codeByIp;
  private readonly lockedRefusalHoldMs: number;

  /**
   * `scope` keeps apart the counts of limits that share a store (the users' and the back office's logins), as
   * several nodes' limiters will in Redis.
   */
  constructor(
    options: RateLimitOptions = DEFAULT_RATE_LIMITS,
    { store = inProcessLimiters, scope = 'user' }: { store?: LimiterStore; scope?: string } = {},
  ) {
    const window = options.loginWindowSeconds;
    this.lockedRefusalHoldMs = options.lockedRefusalHoldMs;
    this.loginByAccount = new AttemptLimit(
      store({
        keyPrefix: `${scope}-login-account`,
        points: options.loginFailuresPerAccount,
        duration: window,
      }),
    );
    this.loginByIp = new AttemptLimit(
      store({ keyPrefix: `${scope}-login-ip`, points: options.loginFailuresPerIp, duration: window }),
    );
    this.codeByAccount = store({
      keyPrefix: `${scope}-code-account`,
      points: 1,
      duration: options.codeResendSeconds,
    });
    this.codeByIp = store({
      keyPrefix: `${scope}-code-ip`,
      points: options.codesPerIpPerHour,
      duration: 3600,
    });
  }

  /**
   * Reserves one attempt on the IP and one on the account, or refuses with a translated 429 while either has
   * used up its failures; the password is hashed only after this, so parallel guesses cannot pass the limits.
   */
  async reserveLogin(account: string, ip: string): Promise<LoginAttempt> {
    await this.loginByIp.reserve(ip);
    await checkedUnder(
      () => this.loginByIp.giveBack(ip),
      () => this.loginByAccount.reserve(account),
    );
    const giveBack = async () => {
      await Promise.all([this.loginByAccount.giveBack(account), this.loginByIp.giveBack(ip)]);
    };
    return {
      check: (check) => checkedUnder(giveBack, check),
      succeeded: async () => {
        await Promise.all([this.loginByAccount.forget(account), this.loginByIp.giveBack(ip)]);
      },
      giveBack,
    };
  }

  /**
   * Refuses an IP that has used up its login failures before anything else is done for its request, and sends
   * the refusal only after a hold (decision 0029). A flood from one address then costs one lookup per request,
   * not a parsed body, a query and a route, and a sender that waits for its answers gets at most one per hold
   * and connection, so the refusals cannot crowd out everyone else's requests on the event loop.
   */
  async refuseLockedIp(ip: string) {
    await this.loginByIp.refuseWhenSpent(ip, this.lockedRefusalHoldMs);
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
