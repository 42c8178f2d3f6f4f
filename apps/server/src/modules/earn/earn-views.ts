import type { EarnOrderView, EarnProduct, EarnProductState } from '@kestrel/contract';
import {
  decimalOf,
  formatAmount,
  formatDecimal,
  normalize,
  type Units,
  unitsFromNumeric,
} from '@kestrel/money';
import type { EarnOrderRow, EarnProductRow } from './earn.schema';

/** A NUMERIC amount at its asset's places. */
export function amountText(numeric: string, places: number): string {
  return formatAmount(unitsFromNumeric(numeric, places), places);
}

/** Units of an asset as text at its places. */
export function unitsText(units: bigint, places: number): string {
  return formatAmount(units as Units, places);
}

/** A rate at its shortest ("0.060000000000000000" → "0.06"). */
export function rateText(numeric: string): string {
  return formatDecimal(normalize(decimalOf(numeric)));
}

/** Where a product stands for new subscriptions at `now`. */
export function productState(product: EarnProductRow, now: Date, places: number): EarnProductState {
  if (now < product.saleStartsAt) return 'upcoming';
  if (!product.visible || (product.saleEndsAt && now >= product.saleEndsAt)) return 'ended';
  const left = unitsFromNumeric(product.quota, places) - unitsFromNumeric(product.held, places);
  return left < unitsFromNumeric(product.minAmount, places) ? 'soldOut' : 'onSale';
}

export function productView(product: EarnProductRow, now: Date, places: number, held: string): EarnProduct {
  const left = unitsFromNumeric(product.quota, places) - unitsFromNumeric(product.held, places);
  return {
    id: String(product.id),
    asset: product.asset,
    termDays: product.termDays,
    annualRate: rateText(product.annualRate),
    minAmount: amountText(product.minAmount, places),
    maxPerUser: amountText(product.maxPerUser, places),
    quota: amountText(product.quota, places),
    quotaLeft: unitsText(left > 0n ? left : 0n, places),
    saleStartsAt: product.saleStartsAt.toISOString(),
    saleEndsAt: product.saleEndsAt?.toISOString() ?? null,
    earlyRedemption: {
      allowed: product.earlyRedemptionAllowed,
      penaltyRate: rateText(product.penaltyRate),
    },
    state: productState(product, now, places),
    held: amountText(held, places),
  };
}

export function orderView(order: EarnOrderRow, places: number): EarnOrderView {
  return {
    id: String(order.id),
    productId: String(order.productId),
    asset: order.asset,
    principal: amountText(order.principal, places),
    annualRate: rateText(order.annualRate),
    termDays: order.termDays,
    earlyRedemption: {
      allowed: order.earlyRedemptionAllowed,
      penaltyRate: rateText(order.penaltyRate),
    },
    status: order.status as EarnOrderView['status'],
    interestPaid: amountText(order.interestPaid, places),
    paidThrough: order.paidThrough,
    accrualStartsOn: order.accrualStartsOn,
    maturesAt: order.maturesAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    closedAt: order.closedAt?.toISOString() ?? null,
    returned: order.returned === null ? null : amountText(order.returned, places),
  };
}
