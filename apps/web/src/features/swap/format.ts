import { CHAIN_LABELS, type Chain, type SwapOrderView } from '@kestrel/contract';
import { dateTimeFormat, type Locale, numberFormat } from '@kestrel/i18n';
import { formatQuantity } from '@kestrel/money';

/** A coin as the swap screens name it: the asset and its network ("USDT · TRC20"). */
export function coinName(asset: string, network: Chain): string {
  return `${asset} · ${CHAIN_LABELS[network] ?? network}`;
}

/** An amount of an asset in the reader's digits, every significant digit kept ("0.5 BTC"). */
export function amountOf(amount: string, asset: string, locale: Locale): string {
  return `${formatQuantity(amount, locale)} ${asset}`;
}

/** The rate line: one unit sent and what it buys ("1 BTC ≈ 64,000.5 USDT"). */
export function rateLine(rate: string, fromAsset: string, toAsset: string, locale: Locale): string {
  return `${formatQuantity('1', locale)} ${fromAsset} ≈ ${amountOf(rate, toAsset, locale)}`;
}

/** A step's usual length, in seconds or minutes as the locale writes them short ("30 sec", "15 min"). */
export function formatStepDuration(seconds: number, locale: Locale): string {
  const [unit, size] =
    seconds < 60 ? (['second', seconds] as const) : (['minute', Math.round(seconds / 60)] as const);
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(size);
}

/** A moment the desk recorded, as date and time in the reader's language. */
export function formatMoment(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/** When the order last entered `status`, if it did. */
export function timeOfStep(
  order: Pick<SwapOrderView, 'events'>,
  status: SwapOrderView['status'],
): string | null {
  return order.events.findLast((event) => event.status === status)?.at ?? null;
}
