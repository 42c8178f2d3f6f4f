/*
 * Leverage and margin brackets ("notional tiers"): the larger a position's notional, the lower its maximum
 * leverage and the higher its maintenance margin rate. Binance USDⓈ-M, "Leverage and Margin of USDⓈ-M Futures"
 * (https://www.binance.com/en/support/faq/360033162192) and "How to Calculate Liquidation Price of USDⓈ-M Futures
 * Contracts" (https://www.binance.com/en/support/faq/b3c689c1f50a44cabb3a84e663b81d93):
 *   Maintenance Margin = Position Notional × Maintenance Margin Rate − Maintenance Amount
 *   Maintenance Amount_n = Floor_n × (MMR_n − MMR_{n−1}) + Maintenance Amount_{n−1}
 * so that the maintenance margin is continuous where one bracket meets the next.
 */
import { compareDecimals, type Decimal, decimalOf } from '@kestrel/money';
import { minus, plus, times, ZERO } from './figures';

/** One bracket of notional: `notionalFloor` < notional ≤ `notionalCap` (the first bracket starts at zero). */
export type Bracket = {
  readonly notionalFloor: Decimal;
  readonly notionalCap: Decimal;
  /** A whole number: the highest leverage a position of this notional may use. */
  readonly maxLeverage: number;
  readonly maintenanceMarginRate: Decimal;
  /** Binance's "maintenance amount" (cum): what keeps the maintenance margin continuous across brackets. */
  readonly maintenanceAmount: Decimal;
};

/** A bracket as configured: the maintenance amount is derived from the rates by `maintenanceAmountsOf`. */
export type BracketRule = Omit<Bracket, 'maintenanceAmount'>;

/** Each bracket with its maintenance amount: cum_n = cum_{n−1} + floor_n × (mmr_n − mmr_{n−1}), cum_1 = 0. */
export function maintenanceAmountsOf(rules: readonly BracketRule[]): Bracket[] {
  const brackets: Bracket[] = [];
  for (const rule of rules) {
    const previous = brackets.at(-1);
    const maintenanceAmount = previous
      ? plus(
          previous.maintenanceAmount,
          times(rule.notionalFloor, minus(rule.maintenanceMarginRate, previous.maintenanceMarginRate)),
        )
      : ZERO;
    brackets.push({ ...rule, maintenanceAmount });
  }
  return brackets;
}

/**
 * The bracket a notional falls in: the first whose cap it does not exceed. A notional above the last cap is
 * counted in the last bracket (maintenance grows on at its rate); opening beyond it is refused by `maxOpen`.
 */
export function bracketFor(brackets: readonly Bracket[], notional: Decimal): Bracket {
  const last = brackets.at(-1);
  if (!last) throw new RangeError('a market has at least one bracket');
  return brackets.find((bracket) => compareDecimals(notional, bracket.notionalCap) <= 0) ?? last;
}

/** Maintenance margin of a position of `notional`: notional × mmr − maintenance amount of its bracket. */
export function maintenanceMargin(notional: Decimal, brackets: readonly Bracket[]): Decimal {
  const bracket = bracketFor(brackets, notional);
  return minus(times(notional, bracket.maintenanceMarginRate), bracket.maintenanceAmount);
}

/** The highest leverage a position of `notional` may use; 0 beyond the last bracket's cap. */
export function maxLeverageFor(brackets: readonly Bracket[], notional: Decimal): number {
  const last = brackets.at(-1);
  if (last && compareDecimals(notional, last.notionalCap) > 0) return 0;
  return bracketFor(brackets, notional).maxLeverage;
}

/** The largest notional a position may reach at `leverage`: the cap of the last bracket allowing it, or zero. */
export function notionalLimitAt(brackets: readonly Bracket[], leverage: number): Decimal {
  let limit = ZERO;
  for (const bracket of brackets) if (bracket.maxLeverage >= leverage) limit = bracket.notionalCap;
  return limit;
}

const rule = (floor: string, cap: string, maxLeverage: number, rate: string): BracketRule => ({
  notionalFloor: decimalOf(floor),
  notionalCap: decimalOf(cap),
  maxLeverage,
  maintenanceMarginRate: decimalOf(rate),
});

/**
 * BTCUSDT's brackets as Binance published them (Leverage and Margin of USDⓈ-M Futures, BTCUSDT table, 2021; the
 * maintenance amounts 0, 50, 1,300, 16,300, 266,300, 1,266,300, 2,516,300, 5,016,300, 25,016,300 and 100,016,300
 * USDT of that table are what `maintenanceAmountsOf` derives, checked in brackets.test.ts).
 */
export const MAJOR_BRACKETS: readonly Bracket[] = maintenanceAmountsOf([
  rule('0', '50000', 125, '0.004'),
  rule('50000', '250000', 100, '0.005'),
  rule('250000', '1000000', 50, '0.01'),
  rule('1000000', '10000000', 20, '0.025'),
  rule('10000000', '20000000', 10, '0.05'),
  rule('20000000', '50000000', 5, '0.1'),
  rule('50000000', '100000000', 4, '0.125'),
  rule('100000000', '200000000', 3, '0.15'),
  rule('200000000', '300000000', 2, '0.25'),
  rule('300000000', '500000000', 1, '0.5'),
]);

/**
 * The 75x table Binance published for ADAUSDT, BNBUSDT, DOTUSDT, LINKUSDT, LTCUSDT, XRPUSDT and other large alts
 * (Leverage and Margin of USDⓈ-M Futures, 2021; maintenance amounts 0, 35, 535, 8,035, 58,035, 108,035, 233,035
 * and 1,233,035 USDT). The last bracket's cap, open in Binance's table, is ours.
 */
export const ALT_BRACKETS: readonly Bracket[] = maintenanceAmountsOf([
  rule('0', '10000', 75, '0.0065'),
  rule('10000', '50000', 50, '0.01'),
  rule('50000', '250000', 25, '0.02'),
  rule('250000', '1000000', 10, '0.05'),
  rule('1000000', '2000000', 5, '0.1'),
  rule('2000000', '5000000', 4, '0.125'),
  rule('5000000', '10000000', 3, '0.15'),
  rule('10000000', '50000000', 2, '0.25'),
]);
