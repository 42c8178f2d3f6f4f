import { and, asc, count, eq, isNotNull, lte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { type MissionCycleRow, type MissionRow, missionCycles, missions } from './missions.schema';

export type MissionFields = Omit<typeof missions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Tasks and the cycles users finished; the only module that talks SQL to these tables. */
export class MissionsRepository implements Audited<MissionsRepository> {
  constructor(private readonly db: Db) {}

  /** The same repository on another connection (a ledger batch's transaction). */
  on(db: Db): MissionsRepository {
    return new MissionsRepository(db);
  }

  transaction<T>(work: (repository: MissionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MissionsRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** Visible tasks that have started, in the order the operators created them. */
  async shownAt(now: Date): Promise<MissionRow[]> {
    return this.db
      .select()
      .from(missions)
      .where(and(eq(missions.visible, true), lte(missions.startsAt, now)))
      .orderBy(asc(missions.id));
  }

  async find(id: bigint): Promise<MissionRow | undefined> {
    const [row] = await this.db.select().from(missions).where(eq(missions.id, id)).limit(1);
    return row;
  }

  async lock(id: bigint): Promise<MissionRow | undefined> {
    const [row] = await this.db.select().from(missions).where(eq(missions.id, id)).for('update');
    return row;
  }

  /** Every task with its claims and what they paid. */
  async all() {
    return this.db
      .select({
        mission: missions,
        claims: sql<number>`(select count(*)::int from ${missionCycles} c
          where c.mission_id = ${missions.id} and c.claimed_at is not null)`,
        paid: sql<string | null>`(select sum(c.amount)::text from ${missionCycles} c
          where c.mission_id = ${missions.id} and c.claimed_at is not null)`,
      })
      .from(missions)
      .orderBy(asc(missions.id));
  }

  async claimsOf(id: bigint): Promise<{ claims: number; paid: string | null }> {
    const [row] = await this.db
      .select({ claims: count(), paid: sum(missionCycles.amount) })
      .from(missionCycles)
      .where(and(eq(missionCycles.missionId, id), isNotNull(missionCycles.claimedAt)));
    return { claims: row?.claims ?? 0, paid: row?.paid ?? null };
  }

  /** The assets rewards are paid in. */
  async rewardAssets(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ asset: missions.rewardAsset })
      .from(missions)
      .orderBy(asc(missions.rewardAsset));
    return rows.map((row) => row.asset);
  }

  async insert(fields: MissionFields): Promise<MissionRow> {
    const [row] = await this.db.insert(missions).values(fields).returning();
    if (!row) throw new Error('a task was not inserted');
    return row;
  }

  async update(id: bigint, fields: MissionFields): Promise<MissionRow> {
    const [row] = await this.db
      .update(missions)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(missions.id, id))
      .returning();
    if (!row) throw new Error(`task ${id} vanished inside its transaction`);
    return row;
  }

  async cycle(missionId: bigint, userId: number, cycleStart: Date): Promise<MissionCycleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(missionCycles)
      .where(
        and(
          eq(missionCycles.missionId, missionId),
          eq(missionCycles.userId, userId),
          eq(missionCycles.cycleStart, cycleStart),
        ),
      )
      .limit(1);
    return row;
  }

  /** Records that the hall saw the cycle finished at `at`; the first sighting stays. */
  async reached(missionId: bigint, userId: number, cycleStart: Date, at: Date): Promise<MissionCycleRow> {
    await this.db
      .insert(missionCycles)
      .values({ missionId, userId, cycleStart, reachedAt: at })
      .onConflictDoNothing();
    const row = await this.cycle(missionId, userId, cycleStart);
    if (!row) throw new Error('a finished cycle was not recorded');
    return row;
  }

  /**
   * Marks the cycle claimed, once: the row is locked by the update, so of two claims at once the second finds it
   * claimed and changes nothing (undefined).
   */
  async claim(
    missionId: bigint,
    userId: number,
    cycleStart: Date,
    reward: { asset: string; amount: string },
    at: Date,
  ): Promise<MissionCycleRow | undefined> {
    const [row] = await this.db
      .update(missionCycles)
      .set({ claimedAt: at, asset: reward.asset, amount: reward.amount })
      .where(
        and(
          eq(missionCycles.missionId, missionId),
          eq(missionCycles.userId, userId),
          eq(missionCycles.cycleStart, cycleStart),
          sql`${missionCycles.claimedAt} is null`,
        ),
      )
      .returning();
    return row;
  }
}
