import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, verificationCodes } from './auth.schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type LiveSession = { session: typeof sessions.$inferSelect; user: UserRow };
type SessionLookup = {
  tokenHash: string;
  idleSince: Date;
  resolve: (session: LiveSession | undefined) => void;
  reject: (error: unknown) => void;
};

/** Users, sessions and verification codes: every SQL statement of the accounts area. */
export class AuthRepository {
  /** The statement of `findLiveSession`, built once and prepared on each connection that runs it. */
  private liveSessions: ReturnType<AuthRepository['liveSessionsQuery']> | undefined;
  /** Lookups of `findLiveSession` waiting for the one running, and that one while it runs. */
  private sessionLookups: SessionLookup[] = [];
  private lookingUp: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AuthRepository(tx)));
  }

  /** The connection this repository writes on: another module's writes join its transaction through it. */
  get connection(): Db {
    return this.db;
  }

  /** A demo account's user row that is not frozen; undefined for any other user. */
  async findDemoUser(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.book, 'demo'), isNull(users.frozenAt)))
      .limit(1);
    return row;
  }

  async findUserByAccount(account: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(or(eq(users.email, account), eq(users.phone, account)))
      .limit(1);
    return row;
  }

  /** A real user's id by their invitation code: a demo account invites no one (decision 0055). */
  async findUserIdByInviteCode(inviteCode: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.inviteCode, inviteCode), eq(users.book, 'real')))
      .limit(1);
    return row?.id;
  }

  /** Inserts the user, or returns undefined when the account or invitation code is already taken. */
  async insertUser(user: NewUser): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return row;
  }

  async updatePassword(userId: number, passwordHash: string) {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async insertSession(session: typeof sessions.$inferInsert) {
    await this.db.insert(sessions).values(session);
  }

  /**
   * The session a token hash names, with its user, if it is neither revoked nor past its expiry or idle limit. It
   * runs on every private request, so one prepared statement looks up many: while one runs, the lookups asked for
   * meanwhile wait and then go together in the next, each made after its request arrived, as fresh as one of its
   * own. Alone, a lookup runs at once.
   */
  findLiveSession(tokenHash: string, idleSince: Date): Promise<LiveSession | undefined> {
    return new Promise((resolve, reject) => {
      this.sessionLookups.push({ tokenHash, idleSince, resolve, reject });
      if (!this.lookingUp) this.lookingUp = this.lookUpSessions();
    });
  }

  private async lookUpSessions() {
    try {
      while (this.sessionLookups.length > 0) {
        const lookups = this.sessionLookups;
        this.sessionLookups = [];
        try {
          this.liveSessions ??= this.liveSessionsQuery();
          const rows = await this.liveSessions.execute({
            tokenHashes: lookups.map((lookup) => lookup.tokenHash),
          });
          const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
          for (const { tokenHash, idleSince, resolve } of lookups) {
            const row = byHash.get(tokenHash);
            resolve(row && row.session.lastSeenAt > idleSince ? row : undefined);
          }
        } catch (error) {
          for (const lookup of lookups) lookup.reject(error);
        }
      }
    } finally {
      this.lookingUp = undefined;
    }
  }

  private liveSessionsQuery() {
    return this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .prepare('live_sessions');
  }

  async touchSession(tokenHash: string) {
    await this.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
  }

  /** When each of these users' sessions was last used (or opened); a user with no session is left out. */
  async lastSeen(userIds: readonly number[]): Promise<Map<number, Date>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        userId: sessions.userId,
        at: sql<Date>`max(${sessions.lastSeenAt})`.mapWith(sessions.lastSeenAt),
      })
      .from(sessions)
      .where(inArray(sessions.userId, [...userIds]))
      .groupBy(sessions.userId);
    return new Map(rows.map((row) => [row.userId, new Date(row.at)]));
  }

  async revokeSession(tokenHash: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  async revokeAllSessions(userId: number) {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** A new code replaces every earlier unused one for the same account and purpose. */
  async replaceCode(code: { account: string; purpose: string; codeHash: string; expiresAt: Date }) {
    await this.db
      .update(verificationCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(verificationCodes.account, code.account),
          eq(verificationCodes.purpose, code.purpose),
          isNull(verificationCodes.usedAt),
        ),
      );
    await this.db.insert(verificationCodes).values(code);
  }

  /** The newest code that is still unused and unexpired, locked so that it can be spent only once. */
  async findLiveCodeForUpdate(account: string, purpose: string) {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.account, account),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  async spendCode(id: number) {
    await this.db.update(verificationCodes).set({ usedAt: sql`now()` }).where(eq(verificationCodes.id, id));
  }

  /** Counts a wrong guess; the code is spent once it has had too many. */
  async recordWrongCode(id: number, maxAttempts: number) {
    await this.db
      .update(verificationCodes)
      .set({
        attempts: sql`${verificationCodes.attempts} + 1`,
        usedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
      })
      .where(eq(verificationCodes.id, id));
  }
}
