/*
 * Funding of perpetuals: the periodic payment between longs and shorts that keeps the contract near the index.
 * Binance USDⓈ-M, "Introduction to Binance Futures Funding Rates" (https://www.binance.com/en/support/faq/360033525031):
 *   Premium Index (P) = [max(0, Impact Bid Price − Price Index) − max(0, Price Index − Impact Ask Price)] / Price Index
 *   Impact Bid/Ask Price = the average fill price of the Impact Margin Notional on that side of the book
 *   Impact Margin Notional = 200 USDT / Initial Margin Rate at the maximum leverage (200 USDT × max leverage)
 *   Average Premium Index = (1 × P_1 + 2 × P_2 + … + n × P_n) / (1 + 2 + … + n)   (time-weighted: later samples count more)
 *   Funding Rate (F) = P + clamp(I − P, −0.05%, +0.05%), I = 0.01% per 8-hour interval
 *   Funding Fee = Position Notional at the Mark Price × Funding Rate; longs pay shorts when F > 0
 * For an interval of N hours Binance scales the whole rate by N/8 (announcement of 16 Sept 2025: F = [P +
 * clamp(I − P, 0.05%, −0.05%)] / (8/N)); the result is then capped to the market's cap and floor.
 * Rates are kept at 8 places as Binance publishes them, rounded half up; payments are rounded against the trader.
 */
import { type Decimal, decimalOf, divideDecimals, toScale } from '@kestrel/money';
import {
  clamp,
  isNegative,
  isPositive,
  maxOf,
  minOf,
  minus,
  negate,
  plus,
  type Side,
  sumOf,
  times,
  WORKING_PLACES,
  wholeOf,
  ZERO,
} from './figures';

/** Places of a premium index and a funding rate, as Binance publishes them ("0.00010000"). */
export const RATE_PLACES = 8;

/** One level of a book side: a price and the size resting there. */
export type BookLevel = { readonly price: Decimal; readonly size: Decimal };

/** Impact margin notional: `impactMargin` (200 USDT by default) at the market's maximum leverage. */
export function impactMarginNotional(maxLeverage: number, impactMargin: Decimal = decimalOf('200')): Decimal {
  return times(impactMargin, wholeOf(maxLeverage));
}

/**
 * Average fill price of buying (asks) or selling (bids) `notional` through `levels`, best first, at working
 * places; null when the book is too thin to fill it.
 */
export function impactPrice(levels: readonly BookLevel[], notional: Decimal): Decimal | null {
  let remaining = notional;
  let filled = ZERO;
  for (const level of levels) {
    if (!isPositive(remaining)) break;
    const levelNotional = times(level.price, level.size);
    const take = minOf(levelNotional, remaining);
    filled = plus(filled, divideDecimals(take, level.price, WORKING_PLACES, 'halfUp'));
    remaining = minus(remaining, take);
  }
  if (isPositive(remaining) || !isPositive(filled)) return null;
  return divideDecimals(notional, filled, WORKING_PLACES, 'halfUp');
}

/** Premium index; a missing impact price (thin book) counts as no premium on its side. */
export function premiumIndex(
  impactBid: Decimal | null,
  impactAsk: Decimal | null,
  indexPrice: Decimal,
): Decimal {
  const premium = impactBid ? maxOf(minus(impactBid, indexPrice), ZERO) : ZERO;
  const discount = impactAsk ? maxOf(minus(indexPrice, impactAsk), ZERO) : ZERO;
  return divideDecimals(minus(premium, discount), indexPrice, RATE_PLACES, 'halfUp');
}

/** Binance's time-weighted average of an interval's premium samples, oldest first: sample i weighs i. */
export function averagePremium(samples: readonly Decimal[]): Decimal {
  if (samples.length === 0) return ZERO;
  const weighted = sumOf(samples.map((sample, index) => times(sample, wholeOf(index + 1))));
  const weights = wholeOf((samples.length * (samples.length + 1)) / 2);
  return divideDecimals(weighted, weights, RATE_PLACES, 'halfUp');
}

export type FundingRules = {
  /** I: interest per 8 hours, 0.0001 (0.01%) by default. */
  readonly interestRate: Decimal;
  /** The clamp of I − P, 0.0005 (0.05%) by default. */
  readonly clampLimit: Decimal;
  /** The market's cap and floor of the rate, ±0.0075 (0.75%) by default. */
  readonly rateCap: Decimal;
  readonly rateFloor: Decimal;
  /** Hours between fundings: 8 by default. */
  readonly intervalHours: number;
};

export const DEFAULT_FUNDING_RULES: FundingRules = {
  interestRate: decimalOf('0.0001'),
  clampLimit: decimalOf('0.0005'),
  rateCap: decimalOf('0.0075'),
  rateFloor: decimalOf('-0.0075'),
  intervalHours: 8,
};

/** F = (P + clamp(I − P, −limit, +limit)) × N / 8, capped to the market's floor and cap, at 8 places. */
export function fundingRate(
  averagePremiumIndex: Decimal,
  rules: FundingRules = DEFAULT_FUNDING_RULES,
): Decimal {
  const damped = clamp(
    minus(rules.interestRate, averagePremiumIndex),
    negate(rules.clampLimit),
    rules.clampLimit,
  );
  const perEightHours = plus(averagePremiumIndex, damped);
  const scaled = divideDecimals(
    times(perEightHours, wholeOf(rules.intervalHours)),
    wholeOf(8),
    RATE_PLACES,
    'halfUp',
  );
  // Toward zero onto the rate's places: a cap or floor with more places stays within itself.
  return toScale(clamp(scaled, rules.rateFloor, rules.rateCap), RATE_PLACES, 'down');
}

/** A position at a funding time. */
export type FundedPosition<Id> = { readonly id: Id; readonly side: Side; readonly size: Decimal };

/** What one position pays (negative) or receives (positive), rounded against it to `places`. */
export function fundingPayment(
  side: Side,
  size: Decimal,
  markPrice: Decimal,
  rate: Decimal,
  places: number,
): Decimal {
  const owed = times(times(size, markPrice), rate);
  const received = side === 'long' ? negate(owed) : owed;
  // A payment rounds away from zero (pays more), a receipt toward zero (receives less).
  return toScale(received, places, isNegative(received) ? 'up' : 'down');
}

/**
 * Every position's funding, rounded against it, and the remainder the rounding leaves: minus the sum of the
 * payments, to be posted to the rounding account so that the transfers sum to zero.
 */
export function settleFunding<Id>(
  positions: readonly FundedPosition<Id>[],
  markPrice: Decimal,
  rate: Decimal,
  places: number,
): { readonly payments: { readonly id: Id; readonly amount: Decimal }[]; readonly remainder: Decimal } {
  const payments = positions.map((position) => ({
    id: position.id,
    amount: fundingPayment(position.side, position.size, markPrice, rate, places),
  }));
  return { payments, remainder: negate(sumOf(payments.map((payment) => payment.amount))) };
}
