import type { MembershipLevel, MembershipView } from '@kestrel/contract';
import { type Locale, numberFormat } from '@kestrel/i18n';
import { addDecimals, compareDecimals, decimalOf, formatShortest, parseDecimal } from '@kestrel/money';

/*
 * How the membership centre reads its figures: discounts as percentages and what the next level needs.
 */

/** A discount ("0.1") as the locale writes a percentage ("10%"). */
export function formatDiscount(fraction: string, locale: Locale): string {
  // Intl reads the decimal string exactly (ES2023); its types still ask for a number.
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    fraction as unknown as number,
  );
}

/** The row of the table for `level`, if the table has it. */
export function levelRow(view: Pick<MembershipView, 'levels'>, level: number): MembershipLevel | undefined {
  return view.levels.find((row) => row.level === level);
}

/**
 * The target of one figure for the next level: the table's minimum, or (should the table lack the level) today's
 * figure plus what the server says is still needed.
 */
export function targetOf(tableMinimum: string | undefined, current: string, needed: string): string {
  if (tableMinimum !== undefined) return tableMinimum;
  return formatShortest(addDecimals(decimalOf(current), decimalOf(needed)));
}

/** True when nothing more is needed for that figure. */
export function isReached(needed: string): boolean {
  return compareDecimals(parseDecimal(needed) ?? decimalOf('0'), decimalOf('0')) <= 0;
}
