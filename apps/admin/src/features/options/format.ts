import { formatShortest, multiplyDecimals, parseDecimal } from '@kestrel/money';

const HUNDRED = { units: 100n, scale: 0 };

/** A payout rate ("0.85") in percent ("85 %"), exact: "0.925" is "92.5 %". */
export function payoutPercent(rate: string): string {
  const value = parseDecimal(rate);
  return value ? `${formatShortest(multiplyDecimals(value, HUNDRED))} %` : rate;
}

/** An amount as the server sends it, at the asset's places ("10.000000"), written shortest ("10"). */
export function shortAmount(amount: string): string {
  const value = parseDecimal(amount);
  return value ? formatShortest(value) : amount;
}

const UNITS = [
  { seconds: 86_400, unit: 'day' },
  { seconds: 3_600, unit: 'hour' },
  { seconds: 60, unit: 'minute' },
] as const;

/** A period's length in the largest whole unit, in the reader's language ("5 min", "1 Std.", "1 天"). */
export function periodLength(seconds: number, language: string): string {
  const { seconds: size, unit } = UNITS.find((candidate) => seconds % candidate.seconds === 0) ?? {
    seconds: 1,
    unit: 'second',
  };
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(
    seconds / size,
  );
}
