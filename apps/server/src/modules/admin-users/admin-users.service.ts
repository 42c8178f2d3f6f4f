import type {
  AdminPage,
  AdminUserDetail,
  AdminUserProfile,
  AdminUserSummary,
  AdminUsersQuery,
} from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import type { AdminUsersRepository, SessionEndings, UserRow } from '../auth';
import type { IdentityService } from '../identity';

function toSummary(user: UserRow): AdminUserSummary {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    nickname: user.nickname,
    inviteCode: user.inviteCode,
    creditScore: user.creditScore,
    frozenAt: user.frozenAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

function toProfile(user: UserRow): AdminUserProfile {
  return {
    ...toSummary(user),
    avatarUrl: user.avatarUrl,
    invitedBy: user.invitedBy,
    language: user.language,
  };
}

/** What the audit log keeps of a user: the fields operators change. */
function auditedState(user: UserRow) {
  return { frozenAt: user.frozenAt?.toISOString() ?? null, creditScore: user.creditScore };
}

/** The users area of the back office: search, detail, freezing, sessions and the credit score. */
export class AdminUsersService {
  constructor(
    private readonly repository: AdminUsersRepository,
    private readonly identity: Pick<IdentityService, 'statusOf'>,
    private readonly endings?: Pick<SessionEndings, 'userSessionsEnded'>,
  ) {}

  async search(query: AdminUsersQuery): Promise<AdminPage<AdminUserSummary>> {
    const { rows, total } = await this.repository.search(query.q, query.page, query.pageSize);
    return { items: rows.map(toSummary), total };
  }

  async detail(id: number): Promise<AdminUserDetail> {
    const user = await this.repository.findById(id);
    if (!user) throw new AppError('notFound');
    const [sessions, inviteeCount, identity] = await Promise.all([
      this.repository.sessionsOf(id),
      this.repository.countInvitees(id),
      this.identity.statusOf(id),
    ]);
    return {
      user: toProfile(user),
      sessions: sessions.map((session) => ({
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        revokedAt: session.revokedAt?.toISOString() ?? null,
        ip: session.ip,
        userAgent: session.userAgent,
      })),
      inviteeCount,
      identity,
    };
  }

  /** Freezes the account and ends its sessions, so that it is out at once and cannot log in again. */
  async freeze(id: number, reason: string, actor: Actor): Promise<AdminUserProfile> {
    const frozen = await this.change(id, reason, actor, async (repository, user) => {
      const updated = await repository.update(id, { frozenAt: user.frozenAt ?? new Date() });
      const revokedSessions = await repository.revokeAllSessions(id);
      return { updated, extra: { revokedSessions } };
    });
    this.endings?.userSessionsEnded(id);
    return frozen;
  }

  unfreeze(id: number, reason: string, actor: Actor): Promise<AdminUserProfile> {
    return this.change(id, reason, actor, async (repository) => ({
      updated: await repository.update(id, { frozenAt: null }),
    }));
  }

  async revokeSessions(id: number, reason: string, actor: Actor): Promise<AdminUserProfile> {
    const profile = await this.change(id, reason, actor, async (repository, user) => ({
      updated: user,
      extra: { revokedSessions: await repository.revokeAllSessions(id) },
    }));
    this.endings?.userSessionsEnded(id);
    return profile;
  }

  setCreditScore(id: number, score: number, reason: string, actor: Actor): Promise<AdminUserProfile> {
    return this.change(id, reason, actor, async (repository) => ({
      updated: await repository.update(id, { creditScore: score }),
    }));
  }

  /** One audited change to one user: locked, changed, and logged with its state before and after. */
  private change(
    id: number,
    reason: string,
    actor: Actor,
    work: (
      repository: AdminUsersRepository,
      user: UserRow,
    ) => Promise<{ updated: UserRow; extra?: Record<string, unknown> }>,
  ): Promise<AdminUserProfile> {
    return withAudit(this.repository, actor, { type: 'user', id }, reason, async (repository) => {
      const user = await repository.findByIdForUpdate(id);
      if (!user) throw new AppError('notFound');
      const { updated, extra } = await work(repository, user);
      return {
        before: auditedState(user),
        after: { ...auditedState(updated), ...extra },
        result: toProfile(updated),
      };
    });
  }
}
