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
  const [row] = await rowsOf<{ count: number }>(
    sut.database.db,
    sql`select count(*)::int as count from swap_orders`,
  );
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

/** The desk in manual mode with its coins ready, as the back-office tests need it. */
export async function manualDesk(sut: TestApp) {
  await sut.database.db.execute(sql`update swap_settings set watcher_mode = 'manual'`);
  await readyCoins(sut);
}

/**
 * A fixed order of 1,000 USDT (TRC20) for ETH, moved by the desk's own watcher to a stage: waiting, under review
 * (a wrong amount), sending (approval needed or not), or refunding.
 */
export async function swapOrderAt(
  sut: TestApp,
  stage: 'waiting' | 'review' | 'sending' | 'approval' | 'refunding',
): Promise<string> {
  const service = sut.app.swap.service;
  if (stage === 'approval') {
    await sut.database.db.execute(sql`update swap_settings set approval_threshold = 0`);
    await service.refresh();
  }
  const quote = await service.quote({
    fromAsset: 'USDT',
    fromNetwork: 'tron',
    toAsset: 'ETH',
    toNetwork: 'ethereum',
    amount: '1000',
    amountSide: 'send',
    rateType: 'fixed',
  });
  const order = await service.createOrder(
    { quoteId: quote.quoteId, receiveAddress: ADDRESSES.ethereum, refundAddress: ADDRESSES.tron },
    undefined,
  );
  const system = { adminId: null };
  const txHash = `0x${'cd'.repeat(32)}`;
  if (stage === 'review' || stage === 'refunding') {
    await service.deposit(order.id, { amount: '999', txHash }, system);
  }
  if (stage === 'refunding') {
    await service.review(order.id, 'refund', system);
  }
  if (stage === 'sending' || stage === 'approval') {
    await service.deposit(order.id, { amount: '1000', txHash }, system);
  }
  if (stage === 'approval') {
    await sut.database.db.execute(sql`update swap_settings set approval_threshold = 10000`);
    await service.refresh();
  }
  return order.id;
}

/** Waits (up to 5 s) for the index prices the desk reads to be fresh: a test that moved the clock makes them stale. */
export async function indexFresh(sut: TestApp) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    // USDT is always 1: a pair of two other coins is offered only while both their prices are fresh.
    const { items } = await sut.app.swap.service.pairs();
    if (items.some((pair) => pair.fromAsset === 'BTC' && pair.toAsset === 'ETH')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the index prices stayed stale');
}
