import type { OptionPeriod, OptionProduct } from '@kestrel/contract';
import { type Locale, numberFormat } from '@kestrel/i18n';
import {
  compareDecimals,
  type Decimal,
  formatDecimal,
  normalize,
  parseDecimal,
  parseTypedDecimal,
} from '@kestrel/money';
import { expectedProfit, onSale, type Round, roundOnSale } from '@kestrel/options';

/*
 * What the options screens compute, all from the published rules in @kestrel/options: the round on sale and its
 * countdown, the expected profit, and how periods, rates and times read.
 */

/** The round a period's server clock names, as dates. */
export function roundOfPeriod(period: OptionPeriod): Round {
  return {
    periodSeconds: period.seconds,
    periodNumber: period.periodNumber,
    openTime: new Date(period.openTime),
    closeTime: new Date(period.closeTime),
    buyCutoffTime: new Date(period.buyCutoffTime),
  };
}

/**
 * The round on sale at `now`: the one the server's clock last named while buying for it is open, then the next
 * by the same rule the server numbers rounds with, so the countdown rolls on between two pushes.
 */
export function roundShown(period: OptionPeriod, now: Date): Round {
  const told = roundOfPeriod(period);
  return onSale(told, now) ? told : roundOnSale(now, period.seconds, period.buyCutoffSeconds);
}

/** A period's length in the spec's units, minute, hour or day, as the locale writes them short ("5m", "1h"). */
export function formatPeriod(seconds: number, locale: Locale): string {
  const [unit, size] =
    seconds % 86_400 === 0
      ? (['day', 86_400] as const)
      : seconds % 3_600 === 0
        ? (['hour', 3_600] as const)
        : (['minute', 60] as const);
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(seconds / size);
}

/** A payout rate ("0.85") in percent as the locale writes it ("85%"). */
export function formatPayoutRate(rate: string, locale: Locale): string {
  const format = numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  // Intl reads the decimal string exactly (ES2023); its types still ask for a number.
  return format.format(rate as unknown as number);
}

/** The product's name on its chip: its market without the stake asset ("BTCUSDT" → "BTC"). */
export function productName(product: Pick<OptionProduct, 'symbol' | 'asset'>): string {
  const { symbol, asset } = product;
  return symbol.length > asset.length && symbol.endsWith(asset) ? symbol.slice(0, -asset.length) : symbol;
}

/** Decimal places of the stake asset, read off an amount the server wrote at the asset's precision. */
export function stakePlacesOf(amount: string): number {
  return parseDecimal(amount)?.scale ?? 0;
}

/**
 * What a win on `amount` pays on top of the stake at `payoutRate`, rounded down to `places` as settlement pays
 * it; null while the amount is not a number.
 */
export function expectedProfitOf(amount: string, payoutRate: string, places: number): string | null {
  const stake = parseTypedDecimal(amount);
  const rate = parseDecimal(payoutRate);
  if (!stake || !rate || amount.trim().startsWith('.')) return null;
  return formatDecimal(expectedProfit(stake, rate, places));
}

/** -1, 0 or 1 as a signed decimal string is below, at or above zero. */
export function signOf(amount: string): -1 | 0 | 1 {
  if (!/[1-9]/.test(amount)) return 0;
  return amount.startsWith('-') ? -1 : 1;
}

/** Round stakes offered as one tap, those within a period's bounds (at most four) being shown. */
const QUICK_STAKES = ['10', '20', '50', '100', '200', '500', '1000', '5000', '10000'];
const QUICK_SHOWN = 4;

/** The quick amounts of a period: round stakes within its minimum and maximum, or the minimum alone. */
export function quickAmounts(minStake: string, maxStake: string): string[] {
  const min = parseDecimal(minStake);
  const max = parseDecimal(maxStake);
  if (!min || !max) return [];
  const within = QUICK_STAKES.filter((stake) => {
    const value = parseDecimal(stake) as Decimal;
    return compareDecimals(value, min) >= 0 && compareDecimals(value, max) <= 0;
  }).slice(0, QUICK_SHOWN);
  return within.length > 0 ? within : [plain(min)];
}

/** The most one order may stake: the period's maximum, or what is available when that is less. */
export function maxStakeOf(maxStake: string, available: string | undefined): string {
  const max = parseDecimal(maxStake);
  const have = available === undefined ? undefined : parseDecimal(available);
  if (!max) return maxStake;
  return plain(have && compareDecimals(have, max) < 0 ? have : max);
}

/** A decimal without trailing zeros, as a person would type it ("10.000000" → "10"). */
function plain(value: Decimal): string {
  return formatDecimal(normalize(value));
}
