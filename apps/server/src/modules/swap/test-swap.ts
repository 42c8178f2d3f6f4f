import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { TEST_ADDRESSES } from '../deposits/test-deposits';
import { DEMONSTRATION_EXTENDED_KEY } from './deposit-source';

/*
 * Helpers for the swap desk's tests: the desk's coins given keys (as an operator would), addresses valid on each
 * chain, and calls of the public endpoints as the app and the web make them.
 */

/** Valid mainnet addresses on each chain. */
export const ADDRESSES = TEST_ADDRESSES;

/** The desk's coins ready for orders in manual mode: each derived chain's key, Solana's desk address. */
export async function readyCoins(sut: TestApp) {
  await sut.database.db.execute(sql`update swap_coins set extended_public_key = ${DEMONSTRATION_EXTENDED_KEY}
    where network <> 'solana'`);
  await sut.database.db.execute(
    sql`update swap_coins set deposit_address = ${ADDRESSES.solana} where network = 'solana'`,
  );
  await sut.app.swap.service.refresh();
}

/** A POST or GET of the public desk, with the caller's address, token and order secret. */
export async function swapCall(
  sut: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; ip?: string; token?: string; secret?: string } = {},
) {
  const response = await sut.app.inject({
    method,
    url,
    payload: options.body as Record<string, unknown> | undefined,
    remoteAddress: options.ip ?? '10.1.0.1',
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.secret ? { 'x-swap-secret': options.secret } : {}),
    },
  });
  // biome-ignore lint/suspicious/noExplicitAny: each test asserts the fields of the answer it expects
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: any } };
}

let addresses = 0;
/** A client address of the test's own, so that rate limits of one test do not reach another. */
export function freshIp(): string {
  addresses += 1;
  return `10.2.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** Sets an order's deadline in the past, as if its time had run out. */
export async function pastDeadline(sut: TestApp, id: string) {
  await sut.database.db.execute(
    sql`update swap_orders set expires_at = clock_timestamp() - interval '1 second' where id = ${id}`,
  );
}

export async function orderCount(sut: TestApp): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(sut.database.db, sql`select count(*)::int as count from swap_orders`);
  return row?.count ?? 0;
}

/** The desk's swap journal entries of an order, by reference. */
export async function legsOf(sut: TestApp, id: string): Promise<string[]> {
  const rows = await rowsOf<{ reference: string }>(
    sut.database.db,
    sql`select reference from journal_transactions where kind = 'swap' and reference like ${`swap:${id}:%`}
      order by id`,
  );
  return rows.map((row) => row.reference);
}
