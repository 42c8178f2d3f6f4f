import type { CommissionSource } from '@kestrel/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import { userInvitations } from '../auth';
import { futuresFills } from '../futures';
import { verifiedIdentities } from '../identity';
import { spotFills } from '../spot';
import {
  type ReferralSettingsRow,
  referralCommissions,
  referralRates,
  referralSettings,
  referralWatermarks,
} from './referral.schema';

/** A fill as the commission batch reads it. */
export type FeeFill = {
  id: bigint;
  symbol: string;
  takerUserId: number;
  makerUserId: number;
  takerSide: string;
  makerFee: string;
  takerFee: string;
  createdAt: Date;
};

export type NewCommission = typeof referralCommissions.$inferInsert;

/** Referral settings, rates, commissions and the batches' watermarks; the only SQL on these tables. */
export class ReferralRepository implements Audited<ReferralRepository> {
  constructor(private readonly db: Db) {}

  on(db: Db): ReferralRepository {
    return new ReferralRepository(db);
  }

  transaction<T>(work: (repository: ReferralRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ReferralRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  async settings(): Promise<ReferralSettingsRow> {
    const [row] = await this.db.select().from(referralSettings).where(eq(referralSettings.id, 1));
    if (!row) throw new Error('referral settings are missing (migration rewards)');
    return row;
  }

  async lockSettings(): Promise<ReferralSettingsRow> {
    const [row] = await this.db
      .select()
      .from(referralSettings)
      .where(eq(referralSettings.id, 1))
      .for('update');
    if (!row) throw new Error('referral settings are missing (migration rewards)');
    return row;
  }

  async updateSettings(fields: {
    commissionRate: string;
    batchMinutes: number;
  }): Promise<ReferralSettingsRow> {
    const [row] = await this.db
      .update(referralSettings)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(referralSettings.id, 1))
      .returning();
    if (!row) throw new Error('referral settings vanished inside their transaction');
    return row;
  }

  /** A new rate in force from now (the transaction's time). */
  async startRate(rate: string): Promise<void> {
    await this.db.insert(referralRates).values({ rate, effectiveFrom: sql`now()` });
  }

  /** Every rate with its start, oldest first. */
  async rates(): Promise<Array<{ rate: string; effectiveFrom: Date }>> {
    return this.db
      .select({ rate: referralRates.rate, effectiveFrom: referralRates.effectiveFrom })
      .from(referralRates)
      .orderBy(asc(referralRates.effectiveFrom), asc(referralRates.id));
  }

  async recordBatch(credited: number): Promise<void> {
    await this.db
      .update(referralSettings)
      .set({ lastBatchAt: sql`now()`, lastBatchCount: credited })
      .where(eq(referralSettings.id, 1));
  }

  // ---- The batch ----

  async watermark(source: CommissionSource, lock = false): Promise<bigint> {
    const query = this.db
      .select({ last: referralWatermarks.lastTradeId })
      .from(referralWatermarks)
      .where(eq(referralWatermarks.source, source));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new Error(`referral watermark of ${source} is missing (migration rewards)`);
    return row.last;
  }

  async advanceWatermark(source: CommissionSource, to: bigint): Promise<void> {
    await this.db
      .update(referralWatermarks)
      .set({ lastTradeId: to, updatedAt: sql`now()` })
      .where(eq(referralWatermarks.source, source));
  }

  /** The next fills after the watermark, in id order, with whether each is older than the horizon. */
  async fillsAfter(
    source: CommissionSource,
    after: bigint,
    limit: number,
    horizonSeconds: number,
  ): Promise<Array<FeeFill & { settled: boolean }>> {
    const fills = source === 'spot' ? spotFills : futuresFills;
    return this.db
      .select({
        id: fills.id,
        symbol: fills.symbol,
        takerUserId: fills.takerUserId,
        makerUserId: fills.makerUserId,
        takerSide: fills.takerSide,
        makerFee: fills.makerFee,
        takerFee: fills.takerFee,
        createdAt: fills.createdAt,
        settled: sql<boolean>`${fills.createdAt} < now() - make_interval(secs => ${horizonSeconds})`,
      })
      .from(fills)
      .where(sql`${fills.id} > ${after}`)
      .orderBy(asc(fills.id))
      .limit(limit);
  }

  /**
   * The inviter of each of these users who has one; the market maker's fees earn no one anything, nor do a demo
   * account's (virtual, in the demo book: decision 0055).
   */
  async invitersOf(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: userInvitations.id, invitedBy: userInvitations.invitedBy })
      .from(userInvitations)
      .where(
        and(
          inArray(userInvitations.id, [...new Set(userIds)]),
          isNotNull(userInvitations.invitedBy),
          eq(userInvitations.isMarketMaker, false),
          eq(userInvitations.book, 'real'),
        ),
      );
    return new Map(rows.map((row) => [row.id, row.invitedBy as number]));
  }

  /** Inserts the commissions not yet recorded; answers those it inserted. */
  async insertCommissions(rows: readonly NewCommission[]) {
    if (rows.length === 0) return [];
    return this.db
      .insert(referralCommissions)
      .values([...rows])
      .onConflictDoNothing()
      .returning({
        id: referralCommissions.id,
        source: referralCommissions.source,
        tradeId: referralCommissions.tradeId,
        side: referralCommissions.side,
        inviterId: referralCommissions.inviterId,
        asset: referralCommissions.asset,
        amount: referralCommissions.amount,
      });
  }

  // ---- What users and operators read ----

  async inviteCodeOf(userId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ code: userInvitations.inviteCode })
      .from(userInvitations)
      .where(eq(userInvitations.id, userId));
    return row?.code;
  }

  async inviteeCounts(userId: number): Promise<{ invitees: number; verified: number }> {
    const [row] = await this.db
      .select({ invitees: count(), verified: count(verifiedIdentities.userId) })
      .from(userInvitations)
      .leftJoin(verifiedIdentities, eq(verifiedIdentities.userId, userInvitations.id))
      .where(eq(userInvitations.invitedBy, userId));
    return { invitees: row?.invitees ?? 0, verified: row?.verified ?? 0 };
  }

  /** Commissions per asset: an inviter's, or (no inviter) everyone's. */
  async earned(inviterId?: number): Promise<Array<{ asset: string; amount: string }>> {
    const rows = await this.db
      .select({ asset: referralCommissions.asset, amount: sum(referralCommissions.amount) })
      .from(referralCommissions)
      .where(inviterId === undefined ? undefined : eq(referralCommissions.inviterId, inviterId))
      .groupBy(referralCommissions.asset)
      .orderBy(asc(referralCommissions.asset));
    return rows.map((row) => ({ asset: row.asset, amount: row.amount ?? '0' }));
  }

  /** An inviter's invitees, newest first, after the cursor's. */
  async invitees(userId: number, before: number | undefined, limit: number) {
    return this.db
      .select({
        id: userInvitations.id,
        email: userInvitations.email,
        phone: userInvitations.phone,
        joinedAt: userInvitations.createdAt,
        verifiedAt: verifiedIdentities.verifiedAt,
      })
      .from(userInvitations)
      .leftJoin(verifiedIdentities, eq(verifiedIdentities.userId, userInvitations.id))
      .where(
        and(
          eq(userInvitations.invitedBy, userId),
          before === undefined ? undefined : lt(userInvitations.id, before),
        ),
      )
      .orderBy(desc(userInvitations.id))
      .limit(limit);
  }

  /** What these invitees' fees earned the inviter, per invitee and asset. */
  async earnedFrom(inviterId: number, inviteeIds: readonly number[]) {
    if (inviteeIds.length === 0) return [];
    return this.db
      .select({
        inviteeId: referralCommissions.inviteeId,
        asset: referralCommissions.asset,
        amount: sum(referralCommissions.amount),
      })
      .from(referralCommissions)
      .where(
        and(
          eq(referralCommissions.inviterId, inviterId),
          inArray(referralCommissions.inviteeId, [...inviteeIds]),
        ),
      )
      .groupBy(referralCommissions.inviteeId, referralCommissions.asset)
      .orderBy(asc(referralCommissions.asset));
  }

  /** An inviter's commissions, newest first, after the cursor's, with the invitee's contact. */
  async commissions(inviterId: number, before: bigint | undefined, limit: number) {
    return this.db
      .select({
        commission: referralCommissions,
        email: userInvitations.email,
        phone: userInvitations.phone,
      })
      .from(referralCommissions)
      .innerJoin(userInvitations, eq(userInvitations.id, referralCommissions.inviteeId))
      .where(
        and(
          eq(referralCommissions.inviterId, inviterId),
          before === undefined ? undefined : lt(referralCommissions.id, before),
        ),
      )
      .orderBy(desc(referralCommissions.id))
      .limit(limit);
  }
}
