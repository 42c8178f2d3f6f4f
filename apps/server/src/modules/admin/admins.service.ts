import { randomBytes } from 'node:crypto';
import {
  ADMIN_TOKEN_PREFIX,
  type AdminLoginBody,
  type AdminLoginResult,
  type AdminRole,
  type AdminSettings,
  type AdminSummary,
  type CreateAdminBody,
  type TotpSetupResult,
  type UpdateAdminBody,
  type UpdateSettingsBody,
} from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import { type AuthRateLimits, hashPassword, passwordHashing, sha256, verifyPassword } from '../auth';
import type { AdminRow, AdminsRepository } from './admins.repository';
import { type Actor, withAudit } from './audit';
import { acceptedStep, newTotpSecret, totpEnrolment } from './totp';

const SESSION_TTL_MS = 8 * 3600 * 1000;
const SESSION_IDLE_MS = 30 * 60 * 1000;
/** lastSeenAt is written at most this often, so that reading a session does not cost a write per request. */
const SESSION_TOUCH_MS = 60 * 1000;

/** Who is signing in, for rate limits, the session record and the audit log. */
export type AdminCaller = { ip: string; userAgent: string | undefined };

/** A signed-in admin; `mustEnrolTotp` restricts the session to enrolling TOTP. */
export type AdminSession = { admin: AdminRow; mustEnrolTotp: boolean };

export function toAdminSummary(admin: AdminRow): AdminSummary {
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    role: admin.role,
    totpEnabled: admin.totpSecret !== null,
    disabled: admin.disabledAt !== null,
    createdAt: admin.createdAt.toISOString(),
  };
}

/** An admin token: 256 random bits after a prefix that says what it is. Only its hash is stored. */
function newAdminToken(): string {
  return `${ADMIN_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function isActiveSuperAdmin(admin: AdminRow) {
  return admin.role === 'super_admin' && admin.disabledAt === null;
}

/** What hears of operators' sessions ending. */
export type OperatorSessionEndings = {
  sessionEnded(token: string): void;
  operatorSessionsEnded(operatorId: number): void;
};

/** Admin accounts, sign-in with TOTP, and the back office's settings. */
export class AdminsService {
  /** Told when operators' sessions end, so that their live connections (agents' sockets) end with them. */
  private endings: OperatorSessionEndings = { sessionEnded() {}, operatorSessionsEnded() {} };

  constructor(
    private readonly repository: AdminsRepository,
    private readonly limits: AuthRateLimits,
  ) {}

  /** Who hears that an operator's session, or all of an operator's, ended (the realtime hub). */
  tellSessionEndings(endings: OperatorSessionEndings) {
    this.endings = endings;
  }

  /** Refuses a sign-in from an address that has used up its failures, before its request is read. */
  async refuseLockedAddress(caller: Pick<AdminCaller, 'ip'>) {
    await this.limits.refuseLockedIp(caller.ip);
  }

  async login(body: AdminLoginBody, caller: AdminCaller): Promise<AdminLoginResult> {
    const email = body.email;
    const attempt = await this.limits.reserveLogin(email, caller.ip);
    const owner = `ip:${caller.ip}` as const;
    const { admin, valid } = await attempt.check(async () => {
      // A guess the hashing queue would refuse is refused before it costs a query.
      passwordHashing.refuseWhenFull(owner);
      const admin = await this.repository.findByEmail(email);
      // An unknown e-mail costs the same hashing time as a wrong password, so timing tells nothing.
      const valid = admin
        ? await verifyPassword(body.password, admin.passwordHash, owner)
        : await hashPassword(body.password, owner).then(() => false);
      return { admin, valid };
    });
    // A failure (here and for a wrong TOTP code) keeps the attempt reserved: it is the failure's count.
    if (!admin || !valid) throw new AppError('adminLoginFailed');
    if (admin.disabledAt) {
      await attempt.giveBack();
      throw new AppError('adminDisabled');
    }
    if (admin.totpSecret) {
      if (!body.totp) {
        await attempt.giveBack();
        throw new AppError('totpRequired');
      }
      const step = acceptedStep(admin.totpSecret, body.totp);
      // A code seen once is spent: someone who watched it being typed cannot sign in with it too.
      if (step === null || !(await this.repository.claimTotpStep(admin.id, step))) {
        throw new AppError('totpInvalid');
      }
    }
    await attempt.succeeded();

    const token = newAdminToken();
    const actor: Actor = { adminId: admin.id, action: 'adminLogin', ip: caller.ip };
    await withAudit(this.repository, actor, { type: 'admin', id: admin.id }, null, async (repository) => {
      await repository.insertSession({
        tokenHash: sha256(token),
        adminId: admin.id,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        userAgent: caller.userAgent?.slice(0, 512) ?? null,
        ip: caller.ip,
      });
      return { before: null, after: { userAgent: caller.userAgent?.slice(0, 512) ?? null }, result: null };
    });
    return { token, admin: toAdminSummary(admin), mustEnrolTotp: await this.mustEnrolTotp(admin) };
  }

  async logout(token: string, actor: Actor) {
    await withAudit(
      this.repository,
      actor,
      { type: 'admin', id: actor.adminId },
      null,
      async (repository) => {
        await repository.revokeSession(sha256(token));
        return { before: null, after: null, result: null };
      },
    );
    this.endings.sessionEnded(token);
  }

  /** The admin a token belongs to, or undefined for a user token, an unknown, expired, idle or revoked one. */
  async authenticate(token: string): Promise<AdminSession | undefined> {
    // A user token never names an admin session; the prefix spares the lookup.
    if (!token.startsWith(ADMIN_TOKEN_PREFIX)) return undefined;
    const tokenHash = sha256(token);
    const live = await this.repository.findLiveSession(tokenHash, new Date(Date.now() - SESSION_IDLE_MS));
    if (!live || live.admin.disabledAt) return undefined;
    if (Date.now() - live.session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
      await this.repository.touchSession(tokenHash);
    }
    return { admin: live.admin, mustEnrolTotp: await this.mustEnrolTotp(live.admin) };
  }

  /** Draws a new pending secret; it counts only once /totp/enable has seen a code made from it. */
  async setupTotp(admin: AdminRow): Promise<TotpSetupResult> {
    if (admin.totpSecret) throw new AppError('totpAlreadyEnabled');
    const secret = newTotpSecret();
    await this.repository.update(admin.id, { totpPendingSecret: secret });
    return totpEnrolment(secret, admin.email);
  }

  async enableTotp(admin: AdminRow, code: string, actor: Actor): Promise<AdminSummary> {
    return withAudit(this.repository, actor, { type: 'admin', id: admin.id }, null, async (repository) => {
      const current = await repository.findByIdForUpdate(admin.id);
      if (!current) throw new AppError('unauthorized');
      if (current.totpSecret) throw new AppError('totpAlreadyEnabled');
      if (!current.totpPendingSecret) throw new AppError('totpNotStarted');
      const step = acceptedStep(current.totpPendingSecret, code);
      if (step === null) throw new AppError('totpInvalid');
      const updated = await repository.update(admin.id, {
        totpSecret: current.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
      });
      return {
        before: { totpEnabled: false },
        after: { totpEnabled: true },
        result: toAdminSummary(updated),
      };
    });
  }

  async list(): Promise<AdminSummary[]> {
    return (await this.repository.list()).map(toAdminSummary);
  }

  async create(body: CreateAdminBody, actor: Actor): Promise<AdminSummary> {
    const passwordHash = await hashPassword(body.password, 'operator');
    return withAudit(this.repository, actor, { type: 'admin', id: null }, null, async (repository) => {
      const created = await repository.insert({
        email: body.email,
        name: body.name,
        role: body.role,
        passwordHash,
      });
      if (!created) throw new AppError('adminExists');
      const summary = toAdminSummary(created);
      return { before: null, after: summary, result: summary, targetId: created.id };
    });
  }

  /** Changes an admin's role or enabled state; the last enabled super admin can be neither demoted nor disabled. */
  async update(id: number, body: UpdateAdminBody, actor: Actor): Promise<AdminSummary> {
    const updated = await withAudit(
      this.repository,
      actor,
      { type: 'admin', id },
      body.reason,
      async (repository) => {
        const current = await repository.findByIdForUpdate(id);
        if (!current) throw new AppError('notFound');
        const role: AdminRole = body.role ?? current.role;
        const disabledAt =
          body.disabled === undefined
            ? current.disabledAt
            : body.disabled
              ? (current.disabledAt ?? new Date())
              : null;
        const losesSuperAdmin =
          isActiveSuperAdmin(current) && (role !== 'super_admin' || disabledAt !== null);
        if (losesSuperAdmin && (await repository.countActiveSuperAdminsForUpdate()) <= 1) {
          throw new AppError('lastSuperAdmin');
        }
        const updated = await repository.update(id, { role, disabledAt });
        // A disabled admin is signed out everywhere at once, not at the end of their sessions.
        if (disabledAt && !current.disabledAt) await repository.revokeAllSessions(id);
        const after = toAdminSummary(updated);
        return { before: toAdminSummary(current), after, result: after };
      },
    );
    // Disabled or given another role: a live agent's socket checks again whether it may follow the inbox.
    this.endings.operatorSessionsEnded(id);
    return updated;
  }

  /**
   * Forgets another admin's authenticator after they lost it: the secret and any pending setup are cleared and
   * their sessions end, so whoever holds the old device or an open session is out. They sign in with their
   * password again and, while TOTP is required, must enrol a new authenticator before anything else.
   */
  async resetTotp(id: number, reason: string, actor: Actor): Promise<AdminSummary> {
    if (id === actor.adminId) throw new AppError('ownTotpReset');
    const reset = await withAudit(
      this.repository,
      actor,
      { type: 'admin', id },
      reason,
      async (repository) => {
        const current = await repository.findByIdForUpdate(id);
        if (!current) throw new AppError('notFound');
        const updated = await repository.update(id, {
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
        });
        await repository.revokeAllSessions(id);
        return {
          before: { totpEnabled: current.totpSecret !== null },
          after: { totpEnabled: false, sessionsEnded: true },
          result: toAdminSummary(updated),
        };
      },
    );
    this.endings.operatorSessionsEnded(id);
    return reset;
  }

  async settings(): Promise<AdminSettings> {
    return this.repository.readSettings();
  }

  async updateSettings(body: UpdateSettingsBody, actor: Actor): Promise<AdminSettings> {
    return withAudit(
      this.repository,
      actor,
      { type: 'settings', id: null },
      body.reason,
      async (repository) => {
        const before = await repository.readSettings();
        const { reason: _reason, ...changes } = body;
        const after: AdminSettings = { ...before, ...definedOnly(changes) };
        await repository.writeSettings(after);
        return { before, after, result: after };
      },
    );
  }

  /**
   * Creates the admin with this e-mail, or resets the password of the existing one (and makes it enabled again,
   * with this role): what ADMIN_EMAIL/ADMIN_PASSWORD do at start-up and `npm run admin -- create` does. An
   * admin that already has this password, role and name is left alone, so that a restart with ADMIN_* still set
   * neither signs the super admin out nor fills the audit log.
   */
  async createOrReset(
    account: { email: string; password: string; role: AdminRole; name?: string },
    actor: Actor,
  ): Promise<{ admin: AdminSummary; outcome: 'created' | 'reset' | 'unchanged' }> {
    const current = await this.repository.findByEmail(account.email);
    if (
      current &&
      current.role === account.role &&
      current.disabledAt === null &&
      (account.name === undefined || account.name === current.name) &&
      (await verifyPassword(account.password, current.passwordHash, 'operator'))
    ) {
      return { admin: toAdminSummary(current), outcome: 'unchanged' };
    }
    const passwordHash = await hashPassword(account.password, 'operator');
    type Result = { admin: AdminSummary; outcome: 'created' | 'reset' };
    return withAudit<AdminsRepository, Result>(
      this.repository,
      actor,
      { type: 'admin', id: null },
      null,
      async (repository) => {
        const existing = await repository.findByEmail(account.email);
        if (!existing) {
          const created = await repository.insert({
            email: account.email,
            name: account.name ?? account.email.split('@')[0] ?? account.email,
            role: account.role,
            passwordHash,
          });
          if (!created) throw new AppError('adminExists');
          const summary = toAdminSummary(created);
          return {
            before: null,
            after: summary,
            result: { admin: summary, outcome: 'created' },
            targetId: created.id,
          };
        }
        const updated = await repository.update(existing.id, {
          passwordHash,
          role: account.role,
          disabledAt: null,
          ...(account.name ? { name: account.name } : {}),
        });
        await repository.revokeAllSessions(existing.id);
        const summary = toAdminSummary(updated);
        return {
          before: toAdminSummary(existing),
          after: { ...summary, passwordReset: true },
          result: { admin: summary, outcome: 'reset' },
          targetId: existing.id,
        };
      },
    );
  }

  /** Whether a withdrawal needs the user's identity verified: the back office's setting. */
  async withdrawalsRequireIdentity(): Promise<boolean> {
    return (await this.repository.readSettings()).withdrawalsRequireIdentity;
  }

  private async mustEnrolTotp(admin: AdminRow) {
    if (admin.totpSecret) return false;
    return (await this.repository.readSettings()).requireTotp;
  }
}

/** The settings given in a change; one left out keeps its stored value. */
function definedOnly<T extends Record<string, unknown>>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
