import {
  type Decimal,
  decimalOf,
  divideDecimals,
  formatAmount,
  formatDecimal,
  multiplyDecimals,
  normalize,
  type Rounding,
  type Units,
  unitsAt,
  unitsFromNumeric,
} from '@kestrel/money';
import { discountedRate, type FeeDiscount } from '../../fees/fee-discounts';
import type { Market } from '../markets';

/** The market settings the order flow needs: the markets module's Market without the maker switch. */
export type SpotMarket = Omit<Market, 'marketMaker'>;

/** A whole count (of ticks, lots or units) as a decimal of no places. */
const count = (value: number | bigint): Decimal => ({ units: BigInt(value), scale: 0 });

/**
 * A market's arithmetic between the engine's integer ticks and lots and the ledger's units of each asset, on
 * the money package's decimal core. Quote amounts of fills round down to the quote asset's precision (the
 * buyer's reservation, frozen at the limit price rounded up, always covers them) and fees round down, so every
 * split balances exactly.
 */
export class MarketMath {
  private readonly tick: Decimal;
  private readonly lot: Decimal;
  private readonly makerRate: Decimal;
  private readonly takerRate: Decimal;

  constructor(
    readonly market: SpotMarket,
    readonly basePrecision: number,
    readonly quotePrecision: number,
  ) {
    this.tick = normalize(decimalOf(market.tickSize));
    this.lot = normalize(decimalOf(market.lotSize));
    this.makerRate = decimalOf(market.makerFee);
    this.takerRate = decimalOf(market.takerFee);
    if (this.lot.scale > basePrecision) {
      throw new Error(`${market.symbol}: lot size ${market.lotSize} is finer than ${market.base} allows`);
    }
  }

  /** The rules an order meets on this market, for `checkOrder`. */
  get orderRules() {
    const { tickSize, lotSize, minNotional } = this.market;
    return { tickSize, lotSize, minNotional, quoteDecimals: this.quotePrecision };
  }

  /** The base units of `lots` (exact). */
  baseUnits(lots: number): Units {
    return unitsAt(multiplyDecimals(count(lots), this.lot), this.basePrecision, 'down') as Units;
  }

  /** The quote units of `ticks` × `lots`, rounded down (or up) to the quote precision. */
  quoteUnits(ticks: number, lots: number, rounding: Extract<Rounding, 'down' | 'up'> = 'down'): Units {
    const notional = multiplyDecimals(
      multiplyDecimals(count(ticks), this.tick),
      multiplyDecimals(count(lots), this.lot),
    );
    return unitsAt(notional, this.quotePrecision, rounding) as Units;
  }

  /** The largest ticks×lots notional that `quoteUnits` pays for (a market buy's budget for the engine). */
  notionalBudget(quoteUnits: Units): number {
    const quote = { units: quoteUnits, scale: this.quotePrecision };
    const budget = divideDecimals(quote, multiplyDecimals(this.tick, this.lot), 0, 'down').units;
    return Number(budget > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : budget);
  }

  /** The market's maker or taker rate of the moment. */
  marketRate(role: 'maker' | 'taker'): Decimal {
    return role === 'maker' ? this.makerRate : this.takerRate;
  }

  /**
   * The rates an order accepted now pays: the market's less the user's discount, rounded down (decision 0050),
   * as the order's row stores them.
   */
  ratesFor(discount: FeeDiscount): { makerFeeRate: string; takerFeeRate: string } {
    return {
      makerFeeRate: formatDecimal(discountedRate(this.makerRate, discount.maker)),
      takerFeeRate: formatDecimal(discountedRate(this.takerRate, discount.taker)),
    };
  }

  /** The fee on `units` at an order's rate, rounded down. */
  fee(units: Units, rate: Decimal): Units {
    return unitsAt(multiplyDecimals(count(units), rate), 0, 'down') as Units;
  }

  formatBase(units: bigint): string {
    return formatAmount(units as Units, this.basePrecision);
  }

  formatQuote(units: bigint): string {
    return formatAmount(units as Units, this.quotePrecision);
  }

  /** Base units of a stored NUMERIC amount. */
  parseBase(text: string): Units {
    return unitsFromNumeric(text, this.basePrecision);
  }

  /** Quote units of a stored NUMERIC amount. */
  parseQuoteNumeric(text: string): Units {
    return unitsFromNumeric(text, this.quotePrecision);
  }

  /** The size-weighted price of fills, `decimals` places, rounded down; null before the first fill. */
  averagePrice(quoteUnits: bigint, baseUnits: bigint): string | null {
    if (baseUnits === 0n) return null;
    const quote = { units: quoteUnits, scale: this.quotePrecision };
    const base = { units: baseUnits, scale: this.basePrecision };
    return formatDecimal(divideDecimals(quote, base, this.tick.scale + 2, 'down'));
  }

  /** A stored price with the tick's decimals. */
  formatPrice(text: string): string {
    return formatAmount(unitsFromNumeric(text, this.tick.scale), this.tick.scale);
  }

  /** A stored size with the lot's decimals. */
  formatSize(text: string): string {
    return formatAmount(unitsFromNumeric(text, this.lot.scale), this.lot.scale);
  }

  /** The lots of a stored base amount (exact by construction). */
  lotsOfBase(units: bigint): number {
    const base = { units, scale: this.basePrecision };
    return Number(divideDecimals(base, this.lot, 0, 'down').units);
  }
}
