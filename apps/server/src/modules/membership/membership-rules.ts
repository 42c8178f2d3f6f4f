import { compareDecimals, type Decimal, decimalOf } from '@kestrel/money';

/** A level of a table as operators send it; level i is the i-th. */
export type LevelDraft = {
  minVolume: string;
  minHoldings: string;
  makerDiscount: string;
  takerDiscount: string;
};

const ZERO: Decimal = { units: 0n, scale: 0 };
const ONE: Decimal = { units: 1n, scale: 0 };

/**
 * Whether a table of levels may be used (decision 0050): level 0 needs nothing; each level needs no less volume
 * and no fewer holdings than the one below and more of at least one (else it would be reached with the one below,
 * or without it); its discounts are no lower than the one below's and below 1 (a fee is never free or negative).
 */
export function levelsAreValid(levels: readonly LevelDraft[]): boolean {
  const [first] = levels;
  if (!first) return false;
  if (compareDecimals(decimalOf(first.minVolume), ZERO) !== 0) return false;
  if (compareDecimals(decimalOf(first.minHoldings), ZERO) !== 0) return false;
  for (const level of levels) {
    for (const discount of [level.makerDiscount, level.takerDiscount]) {
      const value = decimalOf(discount);
      if (compareDecimals(value, ZERO) < 0 || compareDecimals(value, ONE) >= 0) return false;
    }
  }
  for (let index = 1; index < levels.length; index += 1) {
    const below = levels[index - 1] as LevelDraft;
    const level = levels[index] as LevelDraft;
    const volume = compareDecimals(decimalOf(level.minVolume), decimalOf(below.minVolume));
    const holdings = compareDecimals(decimalOf(level.minHoldings), decimalOf(below.minHoldings));
    if (volume < 0 || holdings < 0 || (volume === 0 && holdings === 0)) return false;
    if (compareDecimals(decimalOf(level.makerDiscount), decimalOf(below.makerDiscount)) < 0) return false;
    if (compareDecimals(decimalOf(level.takerDiscount), decimalOf(below.takerDiscount)) < 0) return false;
  }
  return true;
}
