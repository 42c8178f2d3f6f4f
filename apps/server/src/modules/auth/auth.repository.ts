import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, verificationCodes } from './auth.schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Users, sessions and verification codes: every SQL statement of the accounts area. */
export class AuthRepository {
  /** The statement of `findLiveSession`, built once and prepared on each connection that runs it. */
  private liveSession: ReturnType<AuthRepository['liveSessionQuery']> | undefined;

  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AuthRepository(tx)));
  }

  async findUserByAccount(account: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(or(eq(users.email, account), eq(users.phone, account)))
      .limit(1);
    return row;
  }

  async findUserIdByInviteCode(inviteCode: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, inviteCode))
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
   * The session a token hash names, with its user, if it is neither revoked nor past its expiry or idle limit; one
   * prepared statement, as it runs on every private request.
   */
  async findLiveSession(tokenHash: string, idleSince: Date) {
    this.liveSession ??= this.liveSessionQuery();
    const [row] = await this.liveSession.execute({ tokenHash, idleSince });
    return row;
  }

  private liveSessionQuery() {
    return this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        ),
      )
      .limit(1)
      .prepare('live_session');
  }

  async touchSession(tokenHash: string) {
    await this.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
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
