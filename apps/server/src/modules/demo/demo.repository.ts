import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoAccounts } from './demo.schema';

export type DemoAccountRow = typeof demoAccounts.$inferSelect;

/** Demo accounts' rows (decision 0055): every SQL statement of the demo module. */
export class DemoRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: DemoRepository, connection: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new DemoRepository(tx), tx));
  }

  /** On another module's connection (the user row's transaction), so that both commit together. */
  on(connection: Db): DemoRepository {
    return new DemoRepository(connection);
  }

  async insert(row: { userId: number; twinOf: number | null; startingBalance: string }) {
    await this.db.insert(demoAccounts).values(row);
  }

  async find(userId: number): Promise<DemoAccountRow | undefined> {
    const [row] = await this.db.select().from(demoAccounts).where(eq(demoAccounts.userId, userId));
    return row;
  }

  /** The row, locked until the transaction ends: resets and closings of one account run one at a time. */
  async lock(userId: number): Promise<DemoAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(demoAccounts)
      .where(eq(demoAccounts.userId, userId))
      .for('update');
    return row;
  }

  async findTwinOf(realUserId: number): Promise<DemoAccountRow | undefined> {
    const [row] = await this.db.select().from(demoAccounts).where(eq(demoAccounts.twinOf, realUserId));
    return row;
  }

  async recordReset(userId: number, startingBalance: string) {
    await this.db
      .update(demoAccounts)
      .set({ resets: sql`${demoAccounts.resets} + 1`, lastResetAt: sql`now()`, startingBalance })
      .where(eq(demoAccounts.userId, userId));
  }

  async close(userId: number) {
    await this.db.update(demoAccounts).set({ closedAt: sql`now()` }).where(eq(demoAccounts.userId, userId));
  }

  async reopen(userId: number, startingBalance: string) {
    await this.db
      .update(demoAccounts)
      .set({ closedAt: null, startingBalance })
      .where(eq(demoAccounts.userId, userId));
  }

  /** Open accounts created before a time: those that may have gone unused since (their sessions tell). */
  async openCreatedBefore(before: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: demoAccounts.userId })
      .from(demoAccounts)
      .where(and(isNull(demoAccounts.closedAt), lt(demoAccounts.createdAt, before)))
      .orderBy(demoAccounts.userId)
      .limit(limit);
    return rows.map((row) => row.userId);
  }

  /** The accounts counted for the back office, as of `since` (the last 24 hours). */
  async counts(since: Date) {
    const [row] = await this.db
      .select({
        open: count(sql`case when ${demoAccounts.closedAt} is null then 1 end`),
        anonymous: count(
          sql`case when ${demoAccounts.closedAt} is null and ${demoAccounts.twinOf} is null then 1 end`,
        ),
        twins: count(
          sql`case when ${demoAccounts.closedAt} is null and ${demoAccounts.twinOf} is not null then 1 end`,
        ),
        startedLastDay: count(sql`case when ${demoAccounts.createdAt} >= ${since} then 1 end`),
        closed: count(sql`case when ${demoAccounts.closedAt} is not null then 1 end`),
        resetsLastDay: count(sql`case when ${demoAccounts.lastResetAt} >= ${since} then 1 end`),
      })
      .from(demoAccounts);
    return row ?? { open: 0, anonymous: 0, twins: 0, startedLastDay: 0, closed: 0, resetsLastDay: 0 };
  }

  /** Open accounts, to ask when they were last used. */
  async openIds(): Promise<number[]> {
    const rows = await this.db
      .select({ userId: demoAccounts.userId })
      .from(demoAccounts)
      .where(isNull(demoAccounts.closedAt));
    return rows.map((row) => row.userId);
  }
}
