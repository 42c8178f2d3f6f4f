import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from './auth.repository';
import { sessions, users } from './auth.schema';

/** The user's own profile and secrets: every SQL statement of the profile area. */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: ProfileRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ProfileRepository(tx)));
  }

  async findUser(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  async updateProfile(userId: number, change: { nickname?: string; avatarUrl?: string }): Promise<UserRow> {
    const [row] = await this.db.update(users).set(change).where(eq(users.id, userId)).returning();
    if (!row) throw new Error(`user ${userId} vanished`);
    return row;
  }

  async updatePassword(userId: number, passwordHash: string) {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async updateSecurityPassword(userId: number, securityPasswordHash: string) {
    await this.db.update(users).set({ securityPasswordHash }).where(eq(users.id, userId));
  }

  /** Ends every live session of the user except the one named. */
  async revokeOtherSessions(userId: number, keepTokenHash: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keepTokenHash)),
      );
  }
}
