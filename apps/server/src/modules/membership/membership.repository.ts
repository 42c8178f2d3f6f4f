import { asc, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type AuditEntryRow, type Audited, appendAuditEntry } from '../admin';
import {
  type MembershipLevelRow,
  type MembershipMemberRow,
  type MembershipSettingsRow,
  membershipLevels,
  membershipMembers,
  membershipSettings,
} from './membership.schema';

/** A level as operators set it; decimals as strings the service checked. */
export type LevelSettings = Omit<MembershipLevelRow, 'level'>;

/** $ prices to value the figures with: each key (a market's symbol or an asset) and the $ of one unit of it. */
export type UsdPrices = ReadonlyArray<{ key: string; usd: string }>;

/**
 * The sources of one snapshot: subqueries of spot fills (`user_id`, `symbol`, `quote_amount`), futures fills
 * (`user_id`, `asset`, `amount`) and holdings (`user_id`, `asset`, `amount`), which their modules export, with the
 * $ prices of spot markets' quote assets by symbol and of assets by code.
 */
export type SnapshotSources = {
  spotFills: SQL;
  spotPrices: UsdPrices;
  futuresFills: SQL;
  holdings: SQL;
  assetPrices: UsdPrices;
  /** Users (`id`) the snapshot leaves at level 0: the market maker, which trades for the platform, and demo accounts. */
  excluded: SQL;
};

/** Every SQL statement of the membership centre. */
export class MembershipRepository implements Audited<MembershipRepository> {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: MembershipRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MembershipRepository(tx)));
  }

  appendAudit(entry: AuditEntryRow) {
    return appendAuditEntry(this.db, entry);
  }

  /** The table of levels, lowest first. */
  levels(): Promise<MembershipLevelRow[]> {
    return this.db.select().from(membershipLevels).orderBy(asc(membershipLevels.level));
  }

  async settings(): Promise<MembershipSettingsRow> {
    const [row] = await this.db.select().from(membershipSettings);
    return row ?? { id: true, graceDays: 7, updatedAt: null, lastSnapshotAt: null };
  }

  /** The settings row, locked until the end of the transaction, so that an audit entry's "before" holds. */
  async lockSettings(): Promise<MembershipSettingsRow> {
    await this.db
      .insert(membershipSettings)
      .values({ id: true, graceDays: 7 })
      .onConflictDoNothing({ target: membershipSettings.id });
    const [row] = await this.db.select().from(membershipSettings).for('update');
    if (!row) throw new Error('the membership settings row vanished inside its transaction');
    return row;
  }

  /** Replaces the whole table (level i is the i-th) and the grace period. */
  async replace(levels: readonly LevelSettings[], graceDays: number, at: Date): Promise<void> {
    await this.db.delete(membershipLevels);
    await this.db.insert(membershipLevels).values(levels.map((level, index) => ({ ...level, level: index })));
    await this.db
      .update(membershipSettings)
      .set({ graceDays, updatedAt: at })
      .where(eq(membershipSettings.id, true));
  }

  async member(userId: number): Promise<MembershipMemberRow | undefined> {
    const [row] = await this.db.select().from(membershipMembers).where(eq(membershipMembers.userId, userId));
    return row;
  }

  /**
   * The discounts of the user's level: of the highest level of the table at or below it (a level the table no
   * longer has gives the one below), level 0's for a user never snapshotted.
   */
  async discountsOf(userId: number): Promise<Pick<MembershipLevelRow, 'makerDiscount' | 'takerDiscount'>> {
    const level = sql`coalesce((select ${membershipMembers.level} from ${membershipMembers}
      where ${membershipMembers.userId} = ${userId}), 0)`;
    const [row] = await this.db
      .select({
        makerDiscount: membershipLevels.makerDiscount,
        takerDiscount: membershipLevels.takerDiscount,
      })
      .from(membershipLevels)
      .where(lte(membershipLevels.level, level))
      .orderBy(desc(membershipLevels.level))
      .limit(1);
    return row ?? { makerDiscount: '0', takerDiscount: '0' };
  }

  /** How many users each level has at the last snapshot. */
  async memberCounts(): Promise<Array<{ level: number; count: number }>> {
    const rows = await this.db
      .select({ level: membershipMembers.level, count: count() })
      .from(membershipMembers)
      .groupBy(membershipMembers.level)
      .orderBy(asc(membershipMembers.level));
    return rows.map((row) => ({ level: row.level, count: Number(row.count) }));
  }

  /**
   * One snapshot at `at`, in one statement: every user with fills in the 30 days before it or holdings, and every
   * user the last snapshot left with a level, gets the figures ($, rounded down to cents) and the level they qualify
   * for, the highest whose volume or holdings minimum they meet. An upgrade applies at once; below the level held,
   * the level is kept until `kept_until` (first seen below + graceDays), then drops to the qualified one; qualifying
   * again clears it. Answers how many members were written.
   */
  async snapshot(at: Date, graceDays: number, sources: SnapshotSources): Promise<number> {
    const now = sql`${at.toISOString()}::timestamptz`;
    const deadline = sql`coalesce(m.kept_until, ${now} + make_interval(days => ${graceDays}::int))`;
    const [written] = await rowsOf<{ written: number }>(
      this.db,
      sql`with
        volume as (
          select v.user_id, sum(v.usd) as usd from (
            select s.user_id, s.quote_amount * p.usd as usd
              from (${sources.spotFills}) as s join (${prices(sources.spotPrices)}) as p(key, usd) on p.key = s.symbol
            union all
            select f.user_id, f.amount * p.usd
              from (${sources.futuresFills}) as f join (${prices(sources.assetPrices)}) as p(key, usd) on p.key = f.asset
          ) as v
          group by v.user_id
        ),
        holding as (
          select h.user_id, sum(h.amount * p.usd) as usd
            from (${sources.holdings}) as h join (${prices(sources.assetPrices)}) as p(key, usd) on p.key = h.asset
            group by h.user_id
        ),
        figures as (
          select coalesce(v.user_id, h.user_id) as user_id, trunc(coalesce(v.usd, 0), 2) as volume,
              trunc(coalesce(h.usd, 0), 2) as holdings
            from volume v full join holding h on h.user_id = v.user_id
          union all
          select m.user_id, 0, 0 from ${membershipMembers} m
            where not exists (select 1 from volume v where v.user_id = m.user_id)
              and not exists (select 1 from holding h where h.user_id = m.user_id)
        ),
        qualified as (
          select f.user_id, f.volume, f.holdings, coalesce((select max(l.level) from ${membershipLevels} l
              where l.min_volume <= f.volume or l.min_holdings <= f.holdings), 0) as level
            from figures f
            where f.user_id not in (select x.id from (${sources.excluded}) as x)
        ),
        written as (
          insert into ${membershipMembers} as m
              (user_id, level, qualified_level, kept_until, volume_30d, holdings, snapshot_at)
            select q.user_id, q.level, q.level, null, q.volume, q.holdings, ${now} from qualified q
          on conflict (user_id) do update set
            qualified_level = excluded.qualified_level,
            volume_30d = excluded.volume_30d,
            holdings = excluded.holdings,
            snapshot_at = excluded.snapshot_at,
            level = case
              when excluded.qualified_level >= m.level or ${deadline} <= ${now} then excluded.qualified_level
              else m.level end,
            kept_until = case
              when excluded.qualified_level >= m.level or ${deadline} <= ${now} then null
              else ${deadline} end
          returning 1
        )
      select count(*)::int as written from written`,
    );
    await this.db
      .update(membershipSettings)
      .set({ lastSnapshotAt: at })
      .where(eq(membershipSettings.id, true));
    return Number(written?.written ?? 0);
  }
}

/** A VALUES list of (key, $ price); one row that matches nothing when there are none. */
function prices(list: UsdPrices): SQL {
  if (list.length === 0) return sql`values (null::text, null::numeric)`;
  return sql`values ${sql.join(
    list.map((price) => sql`(${price.key}::text, ${price.usd}::numeric)`),
    sql`, `,
  )}`;
}
