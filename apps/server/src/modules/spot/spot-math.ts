import { type Lots, lotsOf, type Ticks, ticksOf } from '@kestrel/engine';
import { formatAmount, parseAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import type { Market } from '../markets';

/** The market settings the order flow needs: the markets module's Market without the maker switch. */
export type SpotMarket = Omit<Market, 'marketMaker'>;

/** A decimal string as an integer over a power of ten: "0.015" is 15 / 10^3. */
type Scaled = { value: bigint; scale: number };

function scaled(text: string): Scaled {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return { value: BigInt(whole + trimmed), scale: trimmed.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);

/**
 * A market's arithmetic between the engine's integer ticks and lots and the ledger's units of each asset, in
 * bigint. Quote amounts of fills round down to the quote asset's precision (the buyer's reservation, frozen at
 * the limit price rounded up, always covers them) and fees round down, so every split balances exactly.
 */
export class MarketMath {
  private readonly tick: Scaled;
  private readonly lot: Scaled;
  private readonly makerRate: Scaled;
  private readonly takerRate: Scaled;

  constructor(
    readonly market: SpotMarket,
    readonly basePrecision: number,
    readonly quotePrecision: number,
  ) {
    this.tick = scaled(market.tickSize);
    this.lot = scaled(market.lotSize);
    this.makerRate = scaled(market.makerFee);
    this.takerRate = scaled(market.takerFee);
    if (this.lot.scale > basePrecision) {
      throw new Error(`${market.symbol}: lot size ${market.lotSize} is finer than ${market.base} allows`);
    }
  }

  ticks(price: string): Ticks | undefined {
    return ticksOf(price, this.market.tickSize);
  }

  lots(size: string): Lots | undefined {
    return lotsOf(size, this.market.lotSize);
  }

  /** The base units of `lots` (exact). */
  baseUnits(lots: number): Units {
    return ((BigInt(lots) * this.lot.value * pow10(this.basePrecision)) / pow10(this.lot.scale)) as Units;
  }

  /** The quote units of `ticks` × `lots`, rounded down (or up) to the quote precision. */
  quoteUnits(ticks: number, lots: number, round: 'down' | 'up' = 'down'): Units {
    const numerator =
      BigInt(ticks) * BigInt(lots) * this.tick.value * this.lot.value * pow10(this.quotePrecision);
    const denominator = pow10(this.tick.scale + this.lot.scale);
    const quotient = numerator / denominator;
    return (round === 'up' && quotient * denominator !== numerator ? quotient + 1n : quotient) as Units;
  }

  /** The largest ticks×lots notional that `quoteUnits` pays for (a market buy's budget for the engine). */
  notionalBudget(quoteUnits: Units): number {
    const perNotional = this.tick.value * this.lot.value * pow10(this.quotePrecision);
    const budget = (quoteUnits * pow10(this.tick.scale + this.lot.scale)) / perNotional;
    return Number(budget > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : budget);
  }

  /** The fee on `units` at the maker or taker rate, rounded down. */
  fee(units: Units, role: 'maker' | 'taker'): Units {
    const rate = role === 'maker' ? this.makerRate : this.takerRate;
    return ((units * rate.value) / pow10(rate.scale)) as Units;
  }

  /** The quote units of a decimal amount of quote, or undefined if finer than the asset allows. */
  parseQuote(text: string): Units | undefined {
    return parseAmount(text, this.quotePrecision);
  }

  /** Whether ticks × lots reaches the market's minimum notional. */
  reachesMinimum(quoteUnits: Units): boolean {
    const minimum = parseAmount(this.market.minNotional, this.quotePrecision);
    return minimum === undefined || quoteUnits >= minimum;
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
    const decimals = this.tick.scale + 2;
    const scaledPrice =
      (quoteUnits * pow10(this.basePrecision + decimals)) / (baseUnits * pow10(this.quotePrecision));
    return formatAmount(scaledPrice as Units, decimals);
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
    return Number((units * pow10(this.lot.scale)) / (this.lot.value * pow10(this.basePrecision)));
  }
}
