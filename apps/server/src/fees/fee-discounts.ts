import {
  type Decimal,
  decimalOf,
  multiplyDecimals,
  normalize,
  subtractDecimals,
  toScale,
} from '@kestrel/money';

/*
 * Fee discounts (docs/decisions/0050-membership.md): the port through which spot and futures learn what a user's
 * level takes off their fees, without importing the membership module (which reads spot and futures through their
 * index.ts). app.ts wires it to the membership service; alone (tests, benches), no one has a discount.
 */

/** What a user's level takes off the maker and the taker fee, as fractions ("0.1" is 10 % off). */
export type FeeDiscount = { maker: string; taker: string };

/** Where spot and futures ask for a user's discount when they accept an order. */
export interface FeeDiscounts {
  of(userId: number): Promise<FeeDiscount>;
}

export const NO_DISCOUNT: FeeDiscount = { maker: '0', taker: '0' };

/** Everyone pays the market's fees. */
export const NO_DISCOUNTS: FeeDiscounts = { of: async () => NO_DISCOUNT };

/** The places an order's fee rates are stored with (their NUMERIC columns' scale). */
export const FEE_RATE_PLACES = 18;

/**
 * The rate an order pays: the market's rate × (1 − discount), rounded down (in the user's favour) to the stored
 * rate's places. Market rates and discounts have at most 6 places, so the product is exact in practice.
 */
export function discountedRate(marketRate: Decimal, discount: string): Decimal {
  const kept = subtractDecimals(decimalOf('1'), decimalOf(discount));
  return normalize(toScale(multiplyDecimals(marketRate, kept), FEE_RATE_PLACES, 'down'));
}
