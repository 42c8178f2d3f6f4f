import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import type { UserRow } from './auth.repository';
import { sessions, users } from './auth.schema';

/** Customers: real users. A demo account (decision 0055) is counted apart, on the demo accounts page. */
const customers = eq(users.book, 'real');

/** What operators search by: part of an e-mail or phone, the numeric id, or the invitation code. */
function userSearch(q: string | undefined): SQL | undefined {
  if (!q) return customers;
  const pattern = containsPattern(q);
  return and(
    customers,
    or(
      ilike(users.email, pattern),
      ilike(users.phone, pattern),
      eq(users.inviteCode, q.toUpperCase()),
      /^\d{1,9}$/.test(q) ? eq(users.id, Number(q)) : undefined,
    ),
  );
}

/** The users area of the back office: every SQL statement it needs; its users are customers, not demo accounts. */
export class AdminUsersRepository implements Audited<AdminUsersRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: AdminUsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AdminUsersRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  async search(q: string | undefined, page: number, pageSize: number) {
    const where = userSearch(q);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db.select({ value: count() }).from(users).where(where);
    return { rows, total: total?.value ?? 0 };
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), customers))
      .limit(1);
    return row;
  }

  /** The user, locked until the end of the transaction so that two operators' changes do not interleave. */
  async findByIdForUpdate(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), customers))
      .limit(1)
      .for('update');
    return row;
  }

  async update(id: number, changes: { frozenAt?: Date | null; creditScore?: number }): Promise<UserRow> {
    const [row] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    if (!row) throw new Error(`user ${id} vanished during an update`);
    return row;
  }

  /** The user's sessions, newest first; the most recent 50 are enough to see what is going on. */
  async sessionsOf(userId: number) {
    return this.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(50);
  }

  async countInvitees(userId: number): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(users).where(eq(users.invitedBy, userId));
    return row?.value ?? 0;
  }

  /** Revokes every session still open and says how many there were. */
  async revokeAllSessions(userId: number): Promise<number> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    return revoked.length;
  }
}
