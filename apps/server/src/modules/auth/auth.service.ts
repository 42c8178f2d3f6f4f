import {
  CODE_RESEND_SECONDS,
  type CodePurpose,
  isPhone,
  type LoginBody,
  normalizeAccount,
  type PublicUser,
  type RegisterBody,
  type ResetBody,
  type SessionResult,
} from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AdminsService } from '../admin';
import { describeDevice, type MessagesService } from '../messages';
import type { Notifier } from '../notifications';
import type { AuthRepository, UserRow } from './auth.repository';
import { hashPassword, NO_PASSWORD, passwordHashing, verifyPassword } from './passwords';
import type { AuthRateLimits } from './rate-limits';
import { newInviteCode, newSessionToken, newVerificationCode, sha256 } from './secrets';

const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
/** lastSeenAt is written at most this often, so that reading a session does not cost a write per request. */
const SESSION_TOUCH_MS = 60 * 1000;

/** Who is calling, for rate limits and the session record. */
export type Caller = { ip: string; userAgent: string | undefined; locale: Locale };

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    nickname: user.nickname,
    avatarUrl: user.avatarUrl,
    inviteCode: user.inviteCode,
    creditScore: user.creditScore,
    hasSecurityPassword: user.securityPasswordHash !== null,
    createdAt: user.createdAt.toISOString(),
    demo: user.book === 'demo',
  };
}

function codeHash(account: string, purpose: CodePurpose, code: string) {
  return sha256(`${purpose}:${account}:${code}`);
}

type CodeCheck = 'ok' | 'wrong';

/** Told when sessions end, so that what runs on them (the live data at /ws) stops at once. */
export type SessionEndings = {
  /** The session of this token ended. */
  sessionEnded(token: string): void;
  /** Some or all sessions of this user were revoked. */
  userSessionsEnded(userId: number): void;
};

const NO_ONE_LISTENING: SessionEndings = { sessionEnded() {}, userSessionsEnded() {} };

export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly notifier: Notifier,
    private readonly limits: AuthRateLimits,
    private readonly messages: Pick<MessagesService, 'notify'>,
    private readonly settings: Pick<AdminsService, 'withdrawalsRequireIdentity'>,
    private readonly endings: SessionEndings = NO_ONE_LISTENING,
  ) {}

  /**
   * Sends a one-time code for registering a new account or resetting an existing one. The answer is the same
   * whether or not the account exists, so this cannot be used to find accounts: an existing account asked to
   * register gets a message saying it already has one instead of a code, and a reset of an unknown account (or of
   * one no one signs in to) sends nothing.
   */
  async sendCode(rawAccount: string, purpose: CodePurpose, caller: Caller) {
    const account = normalizeAccount(rawAccount);
    await this.limits.consumeCodeSendingByIp(caller.ip);
    await this.limits.consumeCodeSendingByAccount(`${purpose}:${account}`);
    this.notifier.assertCanReach(account);
    const existing = await this.repository.findUserByAccount(account);
    const answer = { resendAfter: CODE_RESEND_SECONDS };
    if (existing?.passwordHash === NO_PASSWORD) return answer;
    if (purpose === 'register' && existing) {
      await this.notifier.sendAccountExists(account, caller.locale);
      return answer;
    }
    if (purpose === 'reset' && !existing) return answer;

    const code = newVerificationCode();
    await this.repository.replaceCode({
      account,
      purpose,
      codeHash: codeHash(account, purpose, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    await this.notifier.sendVerificationCode(account, code, caller.locale);
    return answer;
  }

  async register(body: RegisterBody, caller: Caller): Promise<SessionResult> {
    const account = normalizeAccount(body.account);
    const passwordHash = await this.hashAfterCode(account, 'register', body, caller);
    const outcome = await this.repository.transaction(async (repository) => {
      if ((await this.checkCode(repository, account, 'register', body.code)) === 'wrong') {
        return { kind: 'codeInvalid' } as const;
      }
      const invitedBy = body.inviteCode
        ? await repository.findUserIdByInviteCode(body.inviteCode.toUpperCase())
        : undefined;
      if (body.inviteCode && invitedBy === undefined) return { kind: 'inviteCodeUnknown' } as const;
      if (await repository.findUserByAccount(account)) return { kind: 'accountExists' } as const;

      const user = await this.insertWithFreshInviteCode(repository, {
        email: isPhone(account) ? null : account,
        phone: isPhone(account) ? account : null,
        passwordHash,
        invitedBy: invitedBy ?? null,
        language: caller.locale,
      });
      if (!user) return { kind: 'accountExists' } as const;
      const token = await this.openSession(repository, user.id, caller);
      return { kind: 'registered', result: { token, user: toPublicUser(user) } } as const;
    });
    if (outcome.kind !== 'registered') throw new AppError(outcome.kind);
    // After the commit rather than inside it: the message centre keeps its own repository, and an account
    // that exists without its welcome note is harmless, while a registration undone by a note would not be.
    // The welcome says what verification unlocks, as the back office's withdrawal rule stands (decision 0032).
    const withdrawals = (await this.settings.withdrawalsRequireIdentity())
      ? 'inbox.withdrawalsNeedIdentity'
      : 'inbox.withdrawalsOpen';
    await this.messages.notify(outcome.result.user.id, 'welcome', { withdrawals: { key: withdrawals } });
    return outcome.result;
  }

  /** Refuses a login from an address that has used up its failures, before its request is read. */
  async refuseLockedAddress(caller: Pick<Caller, 'ip'>) {
    await this.limits.refuseLockedIp(caller.ip);
  }

  async login(body: LoginBody, caller: Caller): Promise<SessionResult> {
    const account = normalizeAccount(body.account);
    const attempt = await this.limits.reserveLogin(account, caller.ip);
    const owner = `ip:${caller.ip}` as const;
    const { user, valid } = await attempt.check(async () => {
      // A guess the hashing queue would refuse is refused before it costs a query.
      passwordHashing.refuseWhenFull(owner);
      const user = await this.repository.findUserByAccount(account);
      // An unknown account costs the same hashing time as a wrong password, so timing tells nothing.
      const valid = user
        ? await verifyPassword(body.password, user.passwordHash, owner)
        : await hashPassword(body.password, owner).then(() => false);
      return { user, valid };
    });
    // The attempt reserved stays spent: it is this failure.
    if (!user || !valid) throw new AppError('loginFailed');
    // Only after the password: a frozen account is not revealed to someone who does not know it.
    if (user.frozenAt) {
      await attempt.giveBack();
      throw new AppError('accountFrozen');
    }
    await attempt.succeeded();
    const token = await this.openSession(this.repository, user.id, caller);
    await this.messages.notify(user.id, 'newLogin', {
      time: new Date(),
      ip: caller.ip,
      device: describeDevice(caller.userAgent),
    });
    return { token, user: toPublicUser(user) };
  }

  /**
   * A demo account (decision 0055): a user row in the demo book with no e-mail and no password, so no one signs
   * in to it, set up by the demo module (`setUp`, on the same connection) in the same transaction, and a session.
   */
  async createDemoUser(
    caller: Caller,
    setUp: (connection: Db, userId: number) => Promise<void>,
  ): Promise<SessionResult> {
    return this.repository.transaction(async (repository) => {
      const user = await this.insertWithFreshInviteCode(repository, {
        passwordHash: NO_PASSWORD,
        language: caller.locale,
        book: 'demo',
      });
      if (!user) throw new Error('a demo account could not be created');
      await setUp(repository.connection, user.id);
      const token = await this.openSession(repository, user.id, caller);
      return { token, user: toPublicUser(user) };
    });
  }

  /** A new session on a demo account that is open: a signed-in user's twin, without signing in again. */
  async openDemoSession(userId: number, caller: Caller): Promise<SessionResult> {
    const user = await this.repository.findDemoUser(userId);
    if (!user) throw new AppError('notFound');
    const token = await this.openSession(this.repository, user.id, caller);
    return { token, user: toPublicUser(user) };
  }

  /** When each of these users last used a session; one who never had a session is left out. */
  lastSeen(userIds: readonly number[]): Promise<Map<number, Date>> {
    return this.repository.lastSeen(userIds);
  }

  /** Ends every session of a user (a demo account closed unused), on every node. */
  async endSessions(userId: number) {
    await this.repository.revokeAllSessions(userId);
    this.endings.userSessionsEnded(userId);
  }

  async logout(token: string) {
    await this.repository.revokeSession(sha256(token));
    this.endings.sessionEnded(token);
  }

  /** Sets a new password with a code and ends every session of the account. */
  async resetPassword(body: ResetBody, caller: Pick<Caller, 'ip'>) {
    const account = normalizeAccount(body.account);
    const passwordHash = await this.hashAfterCode(account, 'reset', body, caller);
    const outcome = await this.repository.transaction(async (repository) => {
      if ((await this.checkCode(repository, account, 'reset', body.code)) === 'wrong') return 'codeInvalid';
      const user = await repository.findUserByAccount(account);
      if (!user || user.passwordHash === NO_PASSWORD) return 'accountNotFound';
      await repository.updatePassword(user.id, passwordHash);
      await repository.revokeAllSessions(user.id);
      return { userId: user.id };
    });
    if (typeof outcome === 'string') throw new AppError(outcome);
    this.endings.userSessionsEnded(outcome.userId);
  }

  /**
   * The user a bearer token belongs to, or undefined for a missing, expired, idle or revoked token, or for a
   * frozen account.
   */
  async authenticate(token: string): Promise<UserRow | undefined> {
    const tokenHash = sha256(token);
    const live = await this.repository.findLiveSession(tokenHash, new Date(Date.now() - SESSION_IDLE_MS));
    if (!live) return undefined;
    if (Date.now() - live.session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
      await this.repository.touchSession(tokenHash);
    }
    // Freezing revokes the sessions too; this also covers a session opened while the freeze was committing.
    return live.user.frozenAt ? undefined : live.user;
  }

  /** Spends the code when it matches; a wrong guess is counted and the caller's transaction still commits. */
  /**
   * Hashes a new password only once its code is seen to be right, so that a wrong code costs no hashing. A wrong
   * code counts against the code's attempts as in `checkCode`, which checks the code again, and spends it, in
   * the transaction that uses the hash.
   */
  private async hashAfterCode(
    account: string,
    purpose: CodePurpose,
    body: { code: string; password: string },
    caller: Pick<Caller, 'ip'>,
  ) {
    const live = await this.repository.findLiveCodeForUpdate(account, purpose);
    if (!live) throw new AppError('codeInvalid');
    if (live.codeHash !== codeHash(account, purpose, body.code)) {
      await this.repository.recordWrongCode(live.id, CODE_MAX_ATTEMPTS);
      throw new AppError('codeInvalid');
    }
    return hashPassword(body.password, `ip:${caller.ip}`);
  }

  private async checkCode(
    repository: AuthRepository,
    account: string,
    purpose: CodePurpose,
    code: string,
  ): Promise<CodeCheck> {
    const live = await repository.findLiveCodeForUpdate(account, purpose);
    if (!live) return 'wrong';
    if (live.codeHash !== codeHash(account, purpose, code)) {
      await repository.recordWrongCode(live.id, CODE_MAX_ATTEMPTS);
      return 'wrong';
    }
    await repository.spendCode(live.id);
    return 'ok';
  }

  private async insertWithFreshInviteCode(
    repository: AuthRepository,
    user: Omit<Parameters<AuthRepository['insertUser']>[0], 'inviteCode'>,
  ) {
    // A clash of two random 8-character codes is rare; a few tries make it practically impossible.
    for (let attempt = 0; attempt < 5; attempt++) {
      const inviteCode = newInviteCode();
      if ((await repository.findUserIdByInviteCode(inviteCode)) !== undefined) continue;
      return repository.insertUser({ ...user, inviteCode });
    }
    throw new Error('could not draw a free invitation code');
  }

  private async openSession(repository: AuthRepository, userId: number, caller: Caller) {
    const token = newSessionToken();
    await repository.insertSession({
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      userAgent: caller.userAgent?.slice(0, 512) ?? null,
      ip: caller.ip,
    });
    return token;
  }
}
