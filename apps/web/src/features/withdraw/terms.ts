import type { WithdrawalOption } from '@kestrel/contract';
import { formatAmount, parseAmount, type Units } from '@kestrel/money';

/*
 * The arithmetic of the withdrawal form, in the asset's units (bigints), never in JS numbers: what arrives for
 * an amount, and the most the user may withdraw.
 */

/** What the destination receives for `amount`: the amount less the fee; null while it is not a valid amount. */
export function receivedFor(amount: string, option: WithdrawalOption): string | null {
  const units = parseAmount(amount.trim(), option.precision);
  const fee = parseAmount(option.fee, option.precision);
  if (units === undefined || fee === undefined || units <= fee) return null;
  return formatAmount((units - fee) as Units, option.precision);
}

/** The Max button's amount: everything withdrawable, capped at the network's maximum. */
export function maxFor(option: WithdrawalOption): string {
  const withdrawable = parseAmount(option.withdrawable, option.precision) ?? (0n as Units);
  const max = parseAmount(option.max, option.precision) ?? withdrawable;
  return formatAmount(withdrawable < max ? withdrawable : max, option.precision);
}
