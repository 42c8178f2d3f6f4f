/*
 * A position of one side (hedge mode: a market holds a long and a short separately) and how a fill changes it:
 * an opening fill averages the entry price by size, a closing fill realises (exit − entry) × size × direction.
 */
import { compareDecimals, type Decimal, divideDecimals } from '@kestrel/money';
import { isPositive, minus, plus, type Side, times, ZERO } from './figures';
import { unrealizedPnl } from './pnl';

/** Places an average entry price keeps beyond those of the prices it averages. */
export const ENTRY_EXTRA_PLACES = 8;

export type Position = { readonly side: Side; readonly size: Decimal; readonly entryPrice: Decimal };

/** A fill of an order of this position's side: `open` adds to it, `close` takes from it. */
export type Fill = { readonly action: 'open' | 'close'; readonly price: Decimal; readonly size: Decimal };

export type FillOutcome = { readonly position: Position; readonly realizedPnl: Decimal };

/**
 * The position after `fill` and the pnl it realised. The entry price after an opening fill is the size-weighted
 * average, rounded half up to the fill price's places plus `ENTRY_EXTRA_PLACES`, or to the entry price's own
 * places when it has more (a stored one); closing keeps it.
 * Closing more than the position holds is a caller's error.
 */
export function applyFill(position: Position, fill: Fill): FillOutcome {
  if (!isPositive(fill.size)) throw new RangeError('a fill has a size above zero');
  if (fill.action === 'open') {
    const size = plus(position.size, fill.size);
    const cost = plus(times(position.size, position.entryPrice), times(fill.size, fill.price));
    // Not beyond: averaging again keeps the places of the first average, so they never grow fill by fill.
    const places = Math.max(position.entryPrice.scale, fill.price.scale + ENTRY_EXTRA_PLACES);
    const entryPrice = isPositive(position.size) ? divideDecimals(cost, size, places, 'halfUp') : fill.price;
    return { position: { ...position, size, entryPrice }, realizedPnl: ZERO };
  }
  if (compareDecimals(fill.size, position.size) > 0) throw new RangeError('a close beyond the position');
  return {
    position: { ...position, size: minus(position.size, fill.size) },
    realizedPnl: unrealizedPnl(position.side, fill.size, position.entryPrice, fill.price),
  };
}

/** An empty position of `side`, ready for its first opening fill. */
export function emptyPosition(side: Side): Position {
  return { side, size: ZERO, entryPrice: ZERO };
}
