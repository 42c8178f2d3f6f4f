/*
 * Profit and loss of a position. Binance USDⓈ-M, "How to Calculate Profit and Loss for Futures Contracts"
 * (https://www.binance.com/en/support/faq/3a55a23768cb416fb404f06ffedde4b2):
 *   Unrealized PNL = Size × Direction × (Mark Price − Entry Price)
 *   ROE% = Unrealized PNL / Initial Margin, Initial Margin = Size × Entry Price / Leverage
 */
import { type Decimal, divideDecimals } from '@kestrel/money';
import { isPositive, minus, type Side, signOf, times, wholeOf, ZERO } from './figures';

/** Unrealised pnl of a position were it closed at `markPrice`, exact. */
export function unrealizedPnl(side: Side, size: Decimal, entryPrice: Decimal, markPrice: Decimal): Decimal {
  return times(times(minus(markPrice, entryPrice), size), signOf(side));
}

/** Pnl as a percentage of the initial margin at entry (Binance's ROE), rounded toward zero to two places. */
export function pnlPercent(
  side: Side,
  size: Decimal,
  entryPrice: Decimal,
  markPrice: Decimal,
  leverage: number,
): Decimal {
  const margin = times(size, entryPrice);
  if (!isPositive(margin)) return ZERO;
  const pnl = times(unrealizedPnl(side, size, entryPrice, markPrice), wholeOf(100 * leverage));
  return divideDecimals(pnl, margin, 2, 'down');
}
