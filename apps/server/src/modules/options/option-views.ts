import type {
  OptionOrderStatus,
  OptionOrderView,
  OptionPeriod,
  OptionProduct,
  OptionProof,
  OptionRound,
  OptionTick,
} from '@kestrel/contract';
import { decimalOf, formatAmount, formatShortest, unitsFromNumeric } from '@kestrel/money';
import { type Round, roundOnSale } from '@kestrel/options';
import type { OrderViewRow, TickRow } from './option-orders.repository';
import type { StoredProduct } from './option-products.repository';

/** How the API writes the figures of options: amounts at the asset's places, rates and prices at their shortest. */

export const shortest = (text: string) => formatShortest(decimalOf(text));
export const amountText = (text: string, places: number) =>
  formatAmount(unitsFromNumeric(text, places), places);

export function roundView(round: Round): OptionRound {
  return {
    periodSeconds: round.periodSeconds,
    periodNumber: round.periodNumber,
    openTime: round.openTime.toISOString(),
    closeTime: round.closeTime.toISOString(),
    buyCutoffTime: round.buyCutoffTime.toISOString(),
  };
}

export function tickView(tick: Pick<TickRow, 'id' | 'price' | 'recordedAt'>): OptionTick {
  return { id: tick.id, price: shortest(tick.price), time: tick.recordedAt.toISOString() };
}

/** The rounds on sale at `now`, one per period, shortest period first. */
export function roundsOnSale(product: StoredProduct, now: Date): Round[] {
  return product.periods.map((period) => roundOnSale(now, period.seconds, period.buyCutoffSeconds));
}

/** Whether a product's feed is stale at `now`: no tick, or none within its staleness window. */
export function isStale(
  product: Pick<StoredProduct, 'staleSeconds'>,
  lastTick: TickRow | undefined,
  now: Date,
) {
  return (
    lastTick === undefined || now.getTime() - lastTick.recordedAt.getTime() > product.staleSeconds * 1000
  );
}

export function productView(
  product: StoredProduct,
  now: Date,
  lastTick: TickRow | undefined,
  places: number,
): OptionProduct {
  const periods: OptionPeriod[] = product.periods.map((period) => ({
    ...roundView(roundOnSale(now, period.seconds, period.buyCutoffSeconds)),
    seconds: period.seconds,
    payoutRate: shortest(period.payoutRate),
    minStake: amountText(period.minStake, places),
    maxStake: amountText(period.maxStake, places),
    buyCutoffSeconds: period.buyCutoffSeconds,
  }));
  const first = periods[0];
  return {
    id: String(product.id),
    symbol: product.symbol,
    asset: product.asset,
    open: product.open,
    periods,
    // A product always has a period (the contract asks for at least one); the epoch stands in otherwise.
    periodNumber: first?.periodNumber ?? 0,
    closeTime: first?.closeTime ?? new Date(0).toISOString(),
    buyCutoffTime: first?.buyCutoffTime ?? new Date(0).toISOString(),
    maxOpenOrders: product.maxOpenOrders,
    maxDailyLoss: amountText(product.maxDailyLoss, places),
    staleSeconds: product.staleSeconds,
    lastTick: lastTick ? tickView(lastTick) : null,
    stale: isStale(product, lastTick, now),
  };
}

/** The spec's statuses: in progress until buying closes, awaiting delivery until settled, completed after. */
export function statusOf(row: Pick<OrderViewRow, 'status' | 'buyCutoffTime'>, now: Date): OptionOrderStatus {
  if (row.status === 'settled') return 'completed';
  return now.getTime() < row.buyCutoffTime.getTime() ? 'inProgress' : 'awaitingDelivery';
}

export function orderView(row: OrderViewRow, now: Date, places: number): OptionOrderView {
  const settled = row.status === 'settled';
  return {
    id: row.id,
    productId: row.productId,
    symbol: row.symbol,
    asset: row.asset,
    periodSeconds: row.periodSeconds,
    periodNumber: row.periodNumber,
    direction: row.direction,
    amount: amountText(row.amount, places),
    payoutRate: shortest(row.payoutRate),
    status: statusOf(row, now),
    outcome: settled ? (row.outcome as OptionOrderView['outcome']) : null,
    createdAt: row.acceptedAt.toISOString(),
    buyCutoffTime: row.buyCutoffTime.toISOString(),
    openPrice: row.openPrice === null ? null : shortest(row.openPrice),
    openTime: row.openTime?.toISOString() ?? null,
    closePrice: row.closePrice === null ? null : shortest(row.closePrice),
    closeTime: row.closeTime.toISOString(),
    profit: settled && row.profit !== null ? signedAmount(row.profit, places) : null,
    payout: settled && row.payout !== null ? amountText(row.payout, places) : null,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function proofView(row: OrderViewRow, now: Date, places: number, staleSeconds: number): OptionProof {
  const openTick =
    row.openTickId !== null && row.openPrice !== null && row.openTime !== null
      ? tickView({ id: row.openTickId, price: row.openPrice, recordedAt: row.openTime })
      : null;
  const closeTick =
    row.closeTickId !== null && row.closePrice !== null && row.closeTickTime !== null
      ? tickView({ id: row.closeTickId, price: row.closePrice, recordedAt: row.closeTickTime })
      : null;
  return {
    order: orderView(row, now, places),
    openTick,
    closeTick,
    staleSeconds,
    rule: row.status === 'settled' ? (row.rule as OptionProof['rule']) : null,
  };
}

function signedAmount(text: string, places: number): string {
  const negative = text.trim().startsWith('-');
  const magnitude = amountText(text.trim().replace(/^-/, ''), places);
  return negative && /[1-9]/.test(magnitude) ? `-${magnitude}` : magnitude;
}
