import {
  type AdminSwapOrder,
  type Chain,
  payStatusOf,
  type SwapEvent,
  type SwapOrderStatusMessage,
  type SwapOrderView,
  type SwapRateType,
  type SwapStatus,
} from '@kestrel/contract';
import { formatAmount, unitsFromNumeric } from '@kestrel/money';
import type { OrderEvent } from './swap.repository';
import type { SwapOrderRow } from './swap.schema';
import { shortest } from './swap-pricing';

/** A stored amount (NUMERIC text) at its asset's places. */
export function amountAt(value: string, places: number): string {
  return formatAmount(unitsFromNumeric(value, places), places);
}

const eventsView = (events: readonly OrderEvent[]): SwapEvent[] =>
  events.map((event) => ({ status: event.status, at: event.at.toISOString() }));

export function orderView(
  row: SwapOrderRow,
  events: readonly OrderEvent[],
  places: (asset: string) => number,
): SwapOrderView {
  const from = places(row.fromAsset);
  const to = places(row.toAsset);
  const status = row.status as SwapStatus;
  return {
    id: row.id,
    status,
    payStatus: payStatusOf(status),
    rateType: row.rateType as SwapRateType,
    fromAsset: row.fromAsset,
    fromNetwork: row.fromNetwork as Chain,
    toAsset: row.toAsset,
    toNetwork: row.toNetwork as Chain,
    sendAmount: amountAt(row.sendAmount, from),
    receiveAmount: amountAt(row.receiveAmount, to),
    rate: shortest(row.rate),
    networkFee: amountAt(row.networkFee, to),
    depositAddress: row.depositAddress,
    depositMemo: row.depositMemo,
    receiveAddress: row.receiveAddress,
    receiveMemo: row.receiveMemo,
    refundAddress: row.refundAddress,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    depositAmount: row.depositAmount === null ? null : amountAt(row.depositAmount, from),
    depositTxHash: row.depositTxHash,
    payoutTxHash: row.payoutTxHash,
    refundAmount: row.refundAmount === null ? null : amountAt(row.refundAmount, from),
    refundTxHash: row.refundTxHash,
    reviewReason: row.reviewReason as SwapOrderView['reviewReason'],
    events: eventsView(events),
    simulated: row.simulated,
  };
}

/** An order as the desk sees it; `operators` names the operators it refers to by their e-mails. */
export function adminOrderView(
  row: SwapOrderRow,
  events: readonly OrderEvent[],
  places: (asset: string) => number,
  operators: ReadonlyMap<number, string>,
): AdminSwapOrder {
  const operator = (id: number | null) => (id === null ? null : (operators.get(id) ?? String(id)));
  return {
    ...orderView(row, events, places),
    userId: row.userId === null ? null : String(row.userId),
    payoutRequestedBy: operator(row.payoutRequestedBy),
    payoutApprovedBy: operator(row.payoutApprovedBy),
    needsApproval: row.needsApproval,
    spreadAmount: row.spreadAmount === null ? null : amountAt(row.spreadAmount, places(row.fromAsset)),
  };
}

export function statusMessage(row: SwapOrderRow, events: readonly OrderEvent[]): SwapOrderStatusMessage {
  const status = row.status as SwapStatus;
  return { id: row.id, status, payStatus: payStatusOf(status), events: eventsView(events) };
}

/** An extended public key as the back office shows it: its first and last characters only. */
export function maskedKey(key: string | null): string | null {
  return key === null ? null : `${key.slice(0, 8)}…${key.slice(-6)}`;
}
