import { randomBytes } from 'node:crypto';
import { callApi, registerAccount } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';

/** Seeded products (migration earn): USDT flexible 3 %, USDT 30 days 6 %, USDT 90 days 8 %, BTC 60 days 2 %. */
export const SEEDED = { flexible: '1', thirtyDays: '2', ninetyDays: '3', btc: '4' } as const;

/** A clock a test moves on by whole days. */
export class TestClock {
  constructor(private at: Date) {}
  readonly now = () => new Date(this.at);
  days(count: number) {
    this.at = new Date(this.at.getTime() + count * 86_400_000);
  }
}

let savers = 0;

/** A signed-up user holding `amount` of `asset` in spot; each from an address of its own (sign-up limits). */
export async function saver(sut: TestApp, amount = '10000', asset = 'USDT') {
  savers += 1;
  const { token, user } = await registerAccount(sut, `earn-${randomBytes(5).toString('hex')}@kestrel.test`, {
    ip: `10.7.${savers >> 8}.${savers & 255}`,
  });
  if (amount !== '0') await deposit(ledgerOf(sut), user.id, asset, amount);
  return { token, userId: user.id };
}

export async function spotOf(sut: TestApp, userId: number, asset = 'USDT') {
  return (await balanceOf(ledgerOf(sut), userId, 'spot', asset)).available ?? '0';
}

/** POST with a token and, when given, an Idempotency-Key. */
export async function post(sut: TestApp, url: string, token: string, body: unknown, key?: string) {
  const response = await sut.app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}

export function get(sut: TestApp, url: string, token: string) {
  return callApi(sut, 'GET', url, { token });
}

export async function subscribe(sut: TestApp, token: string, productId: string, amount: string) {
  return post(
    sut,
    '/api/earn/orders',
    token,
    { productId, amount },
    `earn-${randomBytes(6).toString('hex')}`,
  );
}
