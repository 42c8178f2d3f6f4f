import type { TestApp } from '../../../test/test-app';
import type { LedgerService } from '../ledger';
import { MembershipRepository } from './membership.repository';
import { MembershipService } from './membership.service';

/*
 * Helpers for the membership tests: the service over the test app's database, valuing BTC at a price the test
 * sets and USDT at one dollar, as the wallet does.
 */

export class FakePrices {
  readonly index = new Map<string, string>([['BTCUSDT', '50000']]);
  markets() {
    return [{ symbol: 'BTCUSDT', quote: 'USDT' }];
  }
  indexPrice(symbol: string) {
    return this.index.get(symbol) ?? null;
  }
}

export function membershipOf(app: TestApp, ledger: LedgerService, prices = new FakePrices()) {
  const sut = new MembershipService({
    repository: new MembershipRepository(app.database.db),
    markets: prices,
    assets: () => ledger.assets(),
  });
  return { sut, prices };
}

/** The seeded table (migration `membership`), as operators would send it back. */
export const DEFAULT_LEVELS = [
  ['0', '0', '0', '0'],
  ['100000', '10000', '0.1', '0.05'],
  ['1000000', '50000', '0.2', '0.1'],
  ['5000000', '250000', '0.3', '0.15'],
  ['20000000', '1000000', '0.4', '0.2'],
  ['100000000', '5000000', '0.5', '0.25'],
].map(([minVolume, minHoldings, makerDiscount, takerDiscount]) => ({
  minVolume: minVolume as string,
  minHoldings: minHoldings as string,
  makerDiscount: makerDiscount as string,
  takerDiscount: takerDiscount as string,
}));

export const SYSTEM = { adminId: null, action: 'updateMembership', ip: null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` after `from`. */
export function daysAfter(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}
