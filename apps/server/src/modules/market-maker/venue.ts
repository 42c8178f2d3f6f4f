import { formatAmount, parseAmount, type Units } from '@kestrel/money';
import type { LadderInput, Quote } from './quote-ladder';

/** What the maker needs to know of a market: a spot market, or a perpetual read the same way. */
export type MakerMarket = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  open: boolean;
  marketMaker: boolean;
};

/** The markets a venue quotes, with the index price the quotes are drawn around. */
export interface MarketMakerMarkets {
  markets(): MakerMarket[];
  market(symbol: string): MakerMarket | undefined;
  indexPrice(symbol: string): string | null;
  isStale(symbol: string): boolean;
  onIndexPrice(listener: (symbol: string, price: string) => void): () => void;
  onMarketChanged(listener: (market: MakerMarket) => void): () => void;
}

/**
 * One of the maker's quotes as it rests: its side, price and the size still unfilled; `replace` when the venue
 * would place it otherwise now, even where the ladder wants it as it is.
 */
export type RestingQuote = {
  id: string;
  side: 'buy' | 'sell';
  price: string;
  remaining: string;
  replace?: boolean;
};

/** What the ladder of one market may commit and leans against. */
export type MakerFunds = Pick<LadderInput, 'budget' | 'inventory'>;

/**
 * Where the maker quotes (spot, or the perpetuals): its markets, its open quotes, placing and cancelling them,
 * the maker's funds there and their one-time funding. The quoting itself (lanes, grid, ladder, refreshes) is the
 * market maker's, the same for every venue.
 */
export interface MakerVenue extends MarketMakerMarkets {
  /** The venue's name in the maker's logs. */
  readonly name: string;
  /** Credits the maker's funds on this venue once; the ledger's references keep it once across runs and nodes. */
  fund(userId: number): Promise<void>;
  /** The maker's quotes resting in a market. */
  quotes(userId: number, symbol: string): Promise<RestingQuote[]>;
  /**
   * The budgets and inventory of a market's ladder at the index price, counting what the quotes resting there
   * hold (they are replaced).
   */
  funds(userId: number, market: MakerMarket, index: string, resting: RestingQuote[]): Promise<MakerFunds>;
  /**
   * Places post-only limit quotes in a market, sent together, best first by side in turn. A quote refused (funds,
   * the market closed meanwhile, a post-only quote that would take) is left out until the next refresh.
   */
  place(userId: number, symbol: string, quotes: Quote[]): Promise<void>;
  /** Cancels one quote; one filled or cancelled meanwhile is no longer there, which is no failure. */
  cancel(userId: number, quoteId: string): Promise<void>;
  /** Cancels the maker's quotes in one market, or in all. */
  cancelAll(userId: number, symbol?: string): Promise<void>;
}

/** Waits for every task, then fails with the first failure, so none is left running unobserved. */
export async function settleAll(tasks: Array<Promise<unknown>>) {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Amounts as the maker reckons them: bigint at 18 places. */
export const SCALE = 18;

export function fixed(text: string): bigint {
  const value = parseAmount(text, SCALE);
  if (value === undefined) throw new RangeError(`${text} is not a decimal`);
  return value;
}

/** An amount at 18 places as a decimal string, never below zero. */
export function decimal(value: bigint): string {
  return formatAmount((value < 0n ? 0n : value) as Units, SCALE);
}
