import type {
  AdminMembership,
  AdminMembershipBody,
  MembershipLevel,
  MembershipView,
} from '@kestrel/contract';
import {
  compareDecimals,
  type Decimal,
  decimalOf,
  formatDecimal,
  formatShortest,
  normalize,
  subtractDecimals,
  toScale,
} from '@kestrel/money';
import { sql } from 'drizzle-orm';
import type { FeeDiscount, FeeDiscounts } from '../../fees/fee-discounts';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import { userInvitations } from '../auth';
import { futuresFillsBetween } from '../futures';
import { userHoldings } from '../ledger';
import { spotFillsBetween } from '../spot';
import { usdPriceOf } from '../wallet';
import type { MembershipRepository, SnapshotSources, UsdPrices } from './membership.repository';
import type { MembershipLevelRow, MembershipSettingsRow } from './membership.schema';
import { levelsAreValid } from './membership-rules';

/** What the membership centre needs of the markets module (MarketsService provides it). */
export type MembershipMarkets = {
  markets(): ReadonlyArray<{ symbol: string; quote: string }>;
  indexPrice(symbol: string): string | null;
};

export type MembershipParts = {
  repository: MembershipRepository;
  markets: MembershipMarkets;
  /** The ledger's listed assets, whose holdings are valued. */
  assets: () => Promise<ReadonlyMap<string, number>>;
  now?: () => Date;
  /** How long a user's discount is remembered on this node before it is read again. */
  discountTtlMs?: number;
};

/** The 30 days of volume a snapshot counts. */
const VOLUME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** $ figures are shown in cents. */
const USD_PLACES = 2;
/** Users whose discount is remembered at once, beyond which the memory starts again. */
const DISCOUNTS_KEPT = 100_000;
const ZERO: Decimal = { units: 0n, scale: 0 };

/**
 * The membership centre (docs/decisions/0050-membership.md): the table of VIP levels, each user's level from the
 * daily snapshot, and the fee discounts spot and futures apply to the orders users place (the `FeeDiscounts` port,
 * which app.ts wires to this service). Reads spot, futures, the ledger and the wallet's prices only through their
 * index.ts.
 */
export class MembershipService implements FeeDiscounts {
  private readonly remembered = new Map<number, { discount: FeeDiscount; until: number }>();

  constructor(private readonly parts: MembershipParts) {}

  private now(): Date {
    return this.parts.now?.() ?? new Date();
  }

  /**
   * The user's level and figures. A user no snapshot has seen yet is level 0 with zero figures and no snapshot
   * time (the next snapshot counts their past 30 days; until then they pay the full fee, as level 0 does).
   */
  async view(userId: number): Promise<MembershipView> {
    const [rows, settings, member] = await Promise.all([
      this.parts.repository.levels(),
      this.parts.repository.settings(),
      this.parts.repository.member(userId),
    ]);
    const levels = rows.map(levelOf);
    const level = member?.level ?? 0;
    const volume = member ? decimalOf(member.volume30d) : ZERO;
    const holdings = member ? decimalOf(member.holdings) : ZERO;
    const next = rows.find((row) => row.level > level);
    return {
      level,
      qualifiedLevel: member?.qualifiedLevel ?? 0,
      keptUntil: member?.keptUntil?.toISOString() ?? null,
      volume30d: usd(volume),
      holdings: usd(holdings),
      snapshotAt: member?.snapshotAt.toISOString() ?? null,
      next: next
        ? {
            level: next.level,
            volumeNeeded: usd(shortfall(decimalOf(next.minVolume), volume)),
            holdingsNeeded: usd(shortfall(decimalOf(next.minHoldings), holdings)),
          }
        : null,
      levels,
      graceDays: settings.graceDays,
    };
  }

  /** The table, the grace period and the members of each level at the last snapshot. */
  async adminView(): Promise<AdminMembership> {
    const [rows, settings, members] = await Promise.all([
      this.parts.repository.levels(),
      this.parts.repository.settings(),
      this.parts.repository.memberCounts(),
    ]);
    return adminViewOf(rows, settings, members);
  }

  /**
   * Replaces the whole table and the grace period, audited with its reason; refused (membershipLevelsInvalid)
   * unless the table keeps the rules. Users' levels change at the next snapshot; discounts at once, for orders
   * placed from then on.
   */
  async update(body: AdminMembershipBody, actor: Actor): Promise<AdminMembership> {
    if (!levelsAreValid(body.levels)) throw new AppError('membershipLevelsInvalid');
    const levels = body.levels.map((level) => ({
      minVolume: shortestOf(level.minVolume),
      minHoldings: shortestOf(level.minHoldings),
      makerDiscount: shortestOf(level.makerDiscount),
      takerDiscount: shortestOf(level.takerDiscount),
    }));
    await withAudit(
      this.parts.repository,
      actor,
      { type: 'membershipLevels', id: null },
      body.reason,
      async (repository) => {
        const settings = await repository.lockSettings();
        const before = { levels: (await repository.levels()).map(levelOf), graceDays: settings.graceDays };
        await repository.replace(levels, body.graceDays, this.now());
        const after = { levels: (await repository.levels()).map(levelOf), graceDays: body.graceDays };
        return { before, after, result: undefined };
      },
    );
    this.remembered.clear();
    return this.adminView();
  }

  /**
   * What the user's level takes off the maker and the taker fee (the FeeDiscounts port). Remembered a short while
   * per user on this node, so that placing orders reads no table; a snapshot or a new table here forgets them.
   */
  async of(userId: number): Promise<FeeDiscount> {
    const at = Date.now();
    const known = this.remembered.get(userId);
    if (known && known.until > at) return known.discount;
    const row = await this.parts.repository.discountsOf(userId);
    const discount = { maker: shortestOf(row.makerDiscount), taker: shortestOf(row.takerDiscount) };
    if (this.remembered.size >= DISCOUNTS_KEPT) this.remembered.clear();
    this.remembered.set(userId, { discount, until: at + (this.parts.discountTtlMs ?? 60_000) });
    return discount;
  }

  /** When the last snapshot ran; null before the first. */
  async lastSnapshotAt(): Promise<Date | null> {
    return (await this.parts.repository.settings()).lastSnapshotAt;
  }

  /**
   * One snapshot at `at` (now unless given): every user's 30-day spot and futures volume and holdings in $, and
   * their level from them, in one statement. Running it again at the same moment changes nothing.
   */
  async snapshot(at: Date = this.now()): Promise<number> {
    const since = new Date(at.getTime() - VOLUME_DAYS * DAY_MS);
    const sources: SnapshotSources = {
      spotFills: spotFillsBetween(since, at),
      spotPrices: this.spotPrices(),
      futuresFills: futuresFillsBetween(since, at),
      holdings: userHoldings(),
      assetPrices: await this.assetPrices(),
      // The market maker trades for the platform; a demo account's volume and holdings are virtual (decision 0055).
      excluded: sql`select ${userInvitations.id} as id from ${userInvitations}
        where ${userInvitations.isMarketMaker} or ${userInvitations.book} = 'demo'`,
    };
    const { repository } = this.parts;
    const written = await repository.transaction(async (inTransaction) => {
      const settings = await inTransaction.lockSettings();
      return inTransaction.snapshot(at, settings.graceDays, sources);
    });
    this.remembered.clear();
    return written;
  }

  /** The $ of one unit of each spot market's quote asset, by symbol: what its fills' quote amounts are worth. */
  private spotPrices(): UsdPrices {
    return this.parts.markets.markets().flatMap((market) => {
      const price = usdPriceOf(this.parts.markets, market.quote);
      return price === undefined ? [] : [{ key: market.symbol, usd: price }];
    });
  }

  /** The $ of one unit of each listed asset that has a price, as the wallet values holdings. */
  private async assetPrices(): Promise<UsdPrices> {
    const assets = await this.parts.assets();
    return [...assets.keys()].flatMap((asset) => {
      const price = usdPriceOf(this.parts.markets, asset);
      return price === undefined ? [] : [{ key: asset, usd: price }];
    });
  }
}

function adminViewOf(
  rows: readonly MembershipLevelRow[],
  settings: MembershipSettingsRow,
  members: Array<{ level: number; count: number }>,
): AdminMembership {
  return {
    levels: rows.map(levelOf),
    graceDays: settings.graceDays,
    members,
    lastSnapshotAt: settings.lastSnapshotAt?.toISOString() ?? null,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
  };
}

function levelOf(row: MembershipLevelRow): MembershipLevel {
  return {
    level: row.level,
    minVolume: shortestOf(row.minVolume),
    minHoldings: shortestOf(row.minHoldings),
    makerDiscount: shortestOf(row.makerDiscount),
    takerDiscount: shortestOf(row.takerDiscount),
  };
}

/** What `wanted` is beyond `have`; zero when it is met. */
function shortfall(wanted: Decimal, have: Decimal): Decimal {
  return compareDecimals(wanted, have) > 0 ? subtractDecimals(wanted, have) : ZERO;
}

/** A $ figure in cents, rounded down. */
function usd(value: Decimal): string {
  return formatDecimal(toScale(value, USD_PLACES, 'down'));
}

function shortestOf(text: string): string {
  return formatShortest(normalize(decimalOf(text)));
}
