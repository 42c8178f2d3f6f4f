import {
  type AccountAssets,
  type AssetHolding,
  type AssetsOverview,
  type AssetTotals,
  type RecordsPage,
  type RecordsQuery,
  STABLECOINS,
  type TodayFigures,
  type TodayProduct,
  type TransferBody,
  type TransferResult,
  USD_DECIMALS,
  USER_ACCOUNTS,
  type UserAccount,
  type WalletBalance,
} from '@kestrel/contract';
import {
  formatAmount,
  parseAmount,
  parseDecimal,
  type Units,
  unitsAt,
  unitsFromNumeric,
} from '@kestrel/money';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { UserRow } from '../auth';
import type { LedgerService, WalletRepository } from '../ledger';
import { journalKindsOf, RECORD_TYPE_OF } from './records';

/** Where the overview reads prices: the markets module's latest index price per market symbol. */
export type IndexPrices = {
  indexPrice(symbol: string): string | null;
  /** A market's price at a past moment (the markets module's candles); without it, past prices are today's. */
  priceAt?(symbol: string, at: Date): Promise<string | null>;
};

/** What the spot module tells of a user's day (SpotOrdersService.activitySince). */
export type SpotActivitySource = {
  activitySince(
    userId: number,
    since: Date,
  ): Promise<{ orderCount: number; bought: { asset: string; amount: string }[] }>;
};

/** What earn tells of a user's day (EarnService.activitySince): subscriptions and interest paid, per asset. */
export type EarnActivitySource = {
  activitySince(
    userId: number,
    since: Date,
  ): Promise<{
    orderCount: number;
    subscribed: { asset: string; amount: string }[];
    interest: { asset: string; amount: string }[];
  }>;
};

/** Where today's figures come from besides the ledger; each product adds its source as it lands. */
export type TodaySources = { spot?: SpotActivitySource; earn?: EarnActivitySource; now?: () => Date };

/** One product's part of today's figures, in exact $ units (USD_DECIMALS places). */
type TodayUnits = { product: TodayProduct; profit: bigint; orderCount: number; investment: bigint };

const STABLE = new Set<string>(STABLECOINS);

/**
 * One unit of the asset in $ as the wallet values it: a stablecoin at one dollar, any other asset at the index
 * price of its USDT market; undefined for an asset without a price (left out of $ figures).
 */
export function usdPriceOf(prices: IndexPrices | undefined, asset: string): string | undefined {
  if (STABLE.has(asset)) return '1';
  return prices?.indexPrice(`${asset}${STABLECOINS[0]}`) ?? undefined;
}

/** The user's side of their money: what they hold and the moves between their own accounts. */
export class WalletService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly repository: WalletRepository,
    /** Index prices of the markets (the markets module); without them only stablecoins are valued. */
    private readonly prices?: IndexPrices,
    private readonly sources: TodaySources = {},
  ) {}

  /** Every account and listed asset, zero where nothing was ever credited, so a screen can list them all. */
  async balances(userId: number): Promise<WalletBalance[]> {
    const held = new Map(
      (await this.ledger.balancesOf(userId)).map((row) => [`${row.account}:${row.asset}`, row]),
    );
    const assets = await this.ledger.assets();
    return USER_ACCOUNTS.flatMap((account) =>
      [...assets].map(([asset, precision]) => {
        const zero = formatAmount(0n as Units, precision);
        return held.get(`${account}:${asset}`) ?? { account, asset, available: zero, frozen: zero };
      }),
    );
  }

  /**
   * What the user holds per account and asset, with $ values and totals: stablecoins at one dollar, every other
   * asset at the index price of its USDT market. An asset without a price is listed unvalued and left out of
   * the totals.
   */
  async overview(user: UserRow): Promise<AssetsOverview> {
    const precisions = await this.ledger.assets();
    const balances = await this.balances(user.id);
    const usdPrices = new Map<string, Units>();
    for (const asset of precisions.keys()) {
      const price = this.usdPriceOf(asset);
      if (price !== undefined) usdPrices.set(asset, price);
    }
    const valued = balances.map((balance) => ({
      account: balance.account,
      ...holdingOf(balance, precisions.get(balance.asset), usdPrices.get(balance.asset)),
    }));
    const accounts = USER_ACCOUNTS.map((account): AccountAssets => {
      const own = valued.filter((each) => each.account === account);
      return { account, totals: totalsOf(own), holdings: own.map(({ holding }) => holding) };
    });
    return {
      totals: totalsOf(valued),
      accounts,
      valuedAssets: [...precisions.keys()].filter((asset) => usdPrices.has(asset)),
      today: await this.today(user.id, balances, precisions),
    };
  }

  /** Today's figures since 00:00 UTC, each the sum of the products' parts (decision 0035). */
  private async today(
    userId: number,
    balances: readonly WalletBalance[],
    precisions: ReadonlyMap<string, number>,
  ): Promise<TodayFigures> {
    const since = startOfUtcDay(this.sources.now?.() ?? new Date());
    const parts = [
      await this.spotToday(userId, since, balances, precisions),
      await this.earnToday(userId, since, precisions),
    ];
    const usd = (units: bigint) => formatAmount(units as Units, USD_DECIMALS);
    return {
      since: since.toISOString(),
      profit: usd(parts.reduce((sum, part) => sum + part.profit, 0n)),
      orderCount: parts.reduce((sum, part) => sum + part.orderCount, 0),
      investment: usd(parts.reduce((sum, part) => sum + part.investment, 0n)),
      parts: parts.map((part) => ({
        product: part.product,
        profit: usd(part.profit),
        orderCount: part.orderCount,
        investment: usd(part.investment),
      })),
    };
  }

  /**
   * The spot part. Profit: the spot account's holdings now at today's prices, less its holdings at 00:00 at the
   * prices of 00:00, less what moved in or out today other than by trading (deposits, withdrawals, transfers,
   * adjustments, their fees) at the prices of their minute. What trading did, fees included, and what prices did
   * to the holdings is what remains. Assets without a price are left out, as they are of the totals.
   */
  private async spotToday(
    userId: number,
    since: Date,
    balances: readonly WalletBalance[],
    precisions: ReadonlyMap<string, number>,
  ): Promise<TodayUnits> {
    const [moves, activity] = await Promise.all([
      this.repository.movesSince(userId, 'spot', since),
      this.sources.spot?.activitySince(userId, since),
    ]);
    const held = new Map<string, bigint>();
    for (const balance of balances) {
      const precision = precisions.get(balance.asset);
      if (balance.account !== 'spot' || precision === undefined) continue;
      held.set(
        balance.asset,
        parseUnits(balance.available, precision) + parseUnits(balance.frozen, precision),
      );
    }
    const changed = new Map<string, bigint>();
    const flows: { asset: string; at: Date; units: bigint }[] = [];
    for (const move of moves) {
      const units = unitsFromNumeric(move.amount, move.precision);
      changed.set(move.asset, (changed.get(move.asset) ?? 0n) + units);
      if (move.kind !== 'trade')
        flows.push({ asset: move.asset, at: new Date(Number(move.minute) * 1000), units });
    }

    let profit = 0n;
    for (const [asset, precision] of precisions) {
      const now = held.get(asset) ?? 0n;
      const moved = changed.get(asset) ?? 0n;
      const priceNow = this.usdPriceOf(asset);
      if ((now === 0n && moved === 0n) || priceNow === undefined) continue;
      const priceThen = (await this.usdPriceAt(asset, since)) ?? priceNow;
      profit += usdOf(now, precision, priceNow) - usdOf(now - moved, precision, priceThen);
      for (const flow of flows) {
        if (flow.asset !== asset) continue;
        profit -= usdOf(flow.units, precision, (await this.usdPriceAt(asset, flow.at)) ?? priceNow);
      }
    }

    let investment = 0n;
    for (const bought of activity?.bought ?? []) {
      const precision = precisions.get(bought.asset);
      const price = this.usdPriceOf(bought.asset);
      if (precision === undefined || price === undefined) continue;
      investment += usdOf(unitsFromNumeric(bought.amount, precision), precision, price);
    }
    return { product: 'spot', profit, orderCount: activity?.orderCount ?? 0, investment };
  }

  /**
   * The earn part. Profit: the interest paid today at today's prices (the spot part counts it as a move in, so it
   * is not counted twice). Order count: today's subscriptions. Investment: what they subscribed, at today's prices.
   */
  private async earnToday(
    userId: number,
    since: Date,
    precisions: ReadonlyMap<string, number>,
  ): Promise<TodayUnits> {
    const activity = await this.sources.earn?.activitySince(userId, since);
    const usd = (rows: readonly { asset: string; amount: string }[]) => {
      let total = 0n;
      for (const row of rows) {
        const precision = precisions.get(row.asset);
        const price = this.usdPriceOf(row.asset);
        if (precision === undefined || price === undefined) continue;
        total += usdOf(unitsFromNumeric(row.amount, precision), precision, price);
      }
      return total;
    };
    return {
      product: 'earn',
      profit: usd(activity?.interest ?? []),
      orderCount: activity?.orderCount ?? 0,
      investment: usd(activity?.subscribed ?? []),
    };
  }

  /** One unit of the asset in $ units at a past moment; undefined when that price is not known. */
  private async usdPriceAt(asset: string, at: Date): Promise<Units | undefined> {
    if (STABLE.has(asset)) return (10n ** BigInt(USD_DECIMALS)) as Units;
    const price = await this.prices?.priceAt?.(`${asset}${STABLECOINS[0]}`, at);
    return price ? usdUnitsOf(price) : undefined;
  }

  /** One unit of the asset in $ units (USD_DECIMALS places), if the asset has a price. */
  private usdPriceOf(asset: string): Units | undefined {
    const price = usdPriceOf(this.prices, asset);
    return price === undefined ? undefined : usdUnitsOf(price);
  }

  /** The account change log: the user's ledger postings, newest first, a page at a time. */
  async records(user: UserRow, query: RecordsQuery): Promise<RecordsPage> {
    const beforePosting = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && beforePosting === undefined) throw new AppError('parameterError');
    const rows = await this.repository.records(user.id, {
      kinds: query.type === undefined ? undefined : journalKindsOf(query.type),
      asset: query.asset,
      beforePosting,
      // One more than a page tells whether an older page exists.
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: String(row.id),
        type: RECORD_TYPE_OF[row.kind as keyof typeof RECORD_TYPE_OF],
        asset: row.asset,
        account: row.account as UserAccount,
        amount: formatAmount(unitsFromNumeric(row.amount, row.precision), row.precision),
        createdAt: row.createdAt.toISOString(),
        reference: String(row.transactionId),
      })),
      next: rows.length > query.limit && last ? encodeCursor(last.id) : null,
    };
  }

  /** Moves available funds between two of the user's accounts at once; `reference` makes a retry harmless. */
  async transfer(user: UserRow, body: TransferBody, reference: string): Promise<TransferResult> {
    if (user.frozenAt) throw new AppError('accountFrozen');
    const outcome = await this.ledger.execute({
      type: 'transfer',
      userId: user.id,
      from: body.from,
      to: body.to,
      asset: body.asset,
      amount: body.amount,
      reference,
      actor: `user:${user.id}`,
    });
    const precision = (await this.ledger.assets()).get(body.asset);
    const units = precision === undefined ? undefined : parseAmount(body.amount, precision);
    if (outcome.transactionId === undefined || precision === undefined || units === undefined) {
      throw new Error('the ledger accepted a transfer it cannot describe');
    }
    return {
      id: outcome.transactionId,
      from: body.from,
      to: body.to,
      asset: body.asset,
      amount: formatAmount(units, precision),
      createdAt: outcome.at.toISOString(),
    };
  }
}

/** A holding with the exact $ units of its parts (undefined when the asset has no price), for the totals. */
type Valued = { holding: AssetHolding; available: bigint | undefined; frozen: bigint | undefined };

function holdingOf(
  balance: WalletBalance,
  precision: number | undefined,
  usdPrice: Units | undefined,
): Valued {
  if (precision === undefined) throw new Error(`asset ${balance.asset} has no precision`);
  const availableUnits = parseUnits(balance.available, precision);
  const frozenUnits = parseUnits(balance.frozen, precision);
  const available = usdValueOf(availableUnits, precision, usdPrice);
  const frozen = usdValueOf(frozenUnits, precision, usdPrice);
  const usdValue =
    available === undefined || frozen === undefined
      ? null
      : formatAmount((available + frozen) as Units, USD_DECIMALS);
  return {
    holding: {
      ...balance,
      total: formatAmount((availableUnits + frozenUnits) as Units, precision),
      valued: usdValue !== null,
      usdValue,
    },
    available,
    frozen,
  };
}

/** $ totals of valued holdings. */
function totalsOf(holdings: readonly Valued[]): AssetTotals {
  let available = 0n;
  let inUse = 0n;
  for (const holding of holdings) {
    available += holding.available ?? 0n;
    inUse += holding.frozen ?? 0n;
  }
  const total = formatAmount((available + inUse) as Units, USD_DECIMALS);
  return {
    total,
    // No open positions exist yet, so equity is the total; futures add their unrealised profit and loss here.
    equity: total,
    inUse: formatAmount(inUse as Units, USD_DECIMALS),
    available: formatAmount(available as Units, USD_DECIMALS),
  };
}

/** A signed amount of an asset in $ units: `units` × price, truncated. */
function usdOf(units: bigint, precision: number, usdPrice: Units): bigint {
  return (units * usdPrice) / 10n ** BigInt(precision);
}

/** 00:00 UTC of the day `at` falls on. */
function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

function parseUnits(text: string, precision: number): Units {
  const units = parseAmount(text, precision);
  if (units === undefined) throw new Error(`${text} is not an amount of ${precision} decimals`);
  return units;
}

/** An amount of an asset in $ units, rounded down: `units` × price, both exact. */
function usdValueOf(units: Units, precision: number, usdPrice: Units | undefined): bigint | undefined {
  if (usdPrice === undefined) return undefined;
  return (units * usdPrice) / 10n ** BigInt(precision);
}

/** A decimal price in $ units (USD_DECIMALS places), rounded down if it has more places. */
function usdUnitsOf(price: string): Units | undefined {
  const value = parseDecimal(price.trim());
  return value === undefined ? undefined : (unitsAt(value, USD_DECIMALS, 'down') as Units);
}
