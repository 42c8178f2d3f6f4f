/*
 * The positions of one market ordered by liquidation price, so that a new mark price finds every position it
 * reaches without looking at the others (issue 18: "positions at risk are found from an index ordered by
 * liquidation price, not by scanning every position on each price change").
 *
 * A long is reached when the mark falls to its liquidation price or below, a short when the mark rises to it or
 * above. Each side keeps its entries in one array sorted by price, so the positions a mark reaches are one end of
 * the array, found by binary search and cut off in one step. Prices are kept as integer units at the market's price places (liquidation
 * prices lie on the tick), so comparisons are bigint comparisons.
 */
import { type Decimal, unitsAt } from '@kestrel/money';
import type { Side } from './figures';

type Entry<Key> = { readonly key: Key; readonly side: Side; readonly units: bigint };

/** The first index whose entry's units are at least `units` (or above them, when `strictly`). */
function boundary<Key>(entries: readonly Entry<Key>[], units: bigint, strictly: boolean): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const at = (entries[middle] as Entry<Key>).units;
    if (at < units || (strictly && at === units)) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class LiquidationIndex<Key> {
  private readonly sides: Record<Side, Entry<Key>[]> = { long: [], short: [] };
  private readonly entries = new Map<Key, Entry<Key>>();

  /** `places`: the decimal places of the market's tick, on which every liquidation price lies. */
  constructor(private readonly places: number) {}

  /** How many positions the index holds. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Files the position `key` of `side` under its liquidation price, replacing what it was filed under; a
   * position no price can liquidate (null) is left out.
   */
  set(key: Key, side: Side, liquidationPrice: Decimal | null): void {
    this.remove(key);
    if (liquidationPrice === null) return;
    const entry = { key, side, units: unitsAt(liquidationPrice, this.places, 'halfUp') };
    const entries = this.sides[side];
    entries.splice(boundary(entries, entry.units, true), 0, entry);
    this.entries.set(key, entry);
  }

  remove(key: Key): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const entries = this.sides[entry.side];
    let index = boundary(entries, entry.units, false);
    while ((entries[index] as Entry<Key>).key !== key) index += 1;
    entries.splice(index, 1);
    this.entries.delete(key);
  }

  /**
   * Takes off the index every position `markPrice` reaches (longs liquidated at or above it, shorts at or below
   * it) and answers them: one end of each side's array, cut off at once.
   */
  takeReached(markPrice: Decimal): Key[] {
    const mark = unitsAt(markPrice, this.places, 'halfUp');
    const longs = this.sides.long;
    const shorts = this.sides.short;
    const taken = [
      ...longs.splice(boundary(longs, mark, false)),
      ...shorts.splice(0, boundary(shorts, mark, true)),
    ];
    for (const entry of taken) this.entries.delete(entry.key);
    return taken.map((entry) => entry.key);
  }
}
