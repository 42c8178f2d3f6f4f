import { type AdminSwapOrder, CHAIN_LABELS, type Chain } from '@kestrel/contract';
import { formatShortest, multiplyDecimals, parseDecimal } from '@kestrel/money';

const HUNDRED = { units: 100n, scale: 0 };

/** A spread as the server keeps it, a fraction ("0.005"), in percent ("0.5 %"), exact. */
export function spreadPercent(spread: string): string {
  const value = parseDecimal(spread);
  return value ? `${formatShortest(multiplyDecimals(value, HUNDRED))} %` : spread;
}

/** An amount as the server sends it, at the asset's places ("10.000000"), written shortest ("10"). */
export function shortAmount(amount: string): string {
  const value = parseDecimal(amount);
  return value ? formatShortest(value) : amount;
}

/** What an order waits on operators for: the one step the desk's people must take next, if any. */
export type OperatorStep = 'deposit' | 'review' | 'approval' | 'payout' | 'refund';

export const OPERATOR_STEPS: readonly OperatorStep[] = ['deposit', 'review', 'approval', 'payout', 'refund'];

/**
 * The step an order waits on operators for, as its status allows it: a deposit to confirm while it waits (or after
 * it expired without one), a decision under review, a second operator's approval of a large payout, the payout
 * once approved or not needing approval, and the refund once decided.
 */
export function operatorStepOf(
  order: Pick<AdminSwapOrder, 'status' | 'needsApproval' | 'payoutApprovedBy'>,
): OperatorStep | null {
  switch (order.status) {
    case 'waiting':
    case 'expired':
      return 'deposit';
    case 'review':
      return 'review';
    case 'sending':
      return order.needsApproval && !order.payoutApprovedBy ? 'approval' : 'payout';
    case 'refunding':
      return 'refund';
    default:
      return null;
  }
}

/** A pair's key in the page (test ids, rows): its two coins. */
export function pairKeyOf(pair: {
  fromAsset: string;
  fromNetwork: string;
  toAsset: string;
  toNetwork: string;
}): string {
  return `${pair.fromAsset}-${pair.fromNetwork}-${pair.toAsset}-${pair.toNetwork}`;
}

/** A coin as operators name it: the asset and its network's token standard ("USDT TRC20"). */
export function coinName(asset: string, network: Chain): string {
  return `${asset} ${CHAIN_LABELS[network]}`;
}
