import { AttemptLimit, checkedUnder, inProcessLimiters, type LimiterStore } from '../auth';

export type PasswordAttemptOptions = { failures: number; windowSeconds: number };

/**
 * Wrong old passwords per user and per kind (login, security), limited like login failures: a stolen session
 * must not become a way to guess the password behind it. An attempt is reserved before the password is hashed,
 * so parallel guesses cannot pass the limit either.
 */
export class PasswordAttempts {
  private readonly limit: AttemptLimit;

  constructor(options: PasswordAttemptOptions, store: LimiterStore = inProcessLimiters) {
    this.limit = new AttemptLimit(
      store({ keyPrefix: 'password-attempts', points: options.failures, duration: options.windowSeconds }),
    );
  }

  /**
   * Runs the check of a password under a reserved attempt (refused with a 429 once the failures are used up):
   * false keeps the attempt as a failure, true forgets the key's failures, an error gives the attempt back.
   */
  async check(key: string, check: () => Promise<boolean>): Promise<boolean> {
    await this.limit.reserve(key);
    const valid = await checkedUnder(() => this.limit.giveBack(key), check);
    if (valid) await this.limit.forget(key);
    return valid;
  }
}
