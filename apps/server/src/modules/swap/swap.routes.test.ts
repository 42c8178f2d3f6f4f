import { SWAP_ORDER_ID_PATTERN } from '@kestrel/contract';
import {
  addDecimals,
  decimalOf,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  subtractDecimals,
  toScale,
} from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../http/app-error';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { ledgerOf } from '../ledger/test-ledger';
import { RecordingPublisher } from '../spot/test-spot';
import { SwapRepository } from './swap.repository';
import { SwapService } from './swap.service';
import { SwapDeskJob } from './swap-desk-job';
import { ADDRESSES, freshIp, legsOf, orderCount, pastDeadline, readyCoins, swapCall } from './test-swap';

let sut: TestApp;
let superToken: string;
let reviewerToken: string;

beforeAll(async () => {
  sut = await createTestApp({ env: { SWAP_WATCHER_MODE: 'manual' } });
  superToken = (await adminWithRole(sut, 'super_admin')).token;
  reviewerToken = (await adminWithRole(sut, 'reviewer')).token;
  await readyCoins(sut);
});
afterAll(async () => {
  vi.useRealTimers();
  await sut?.close();
});

const USDT_TRON = { fromAsset: 'USDT', fromNetwork: 'tron' } as const;
const TO_ETH = { toAsset: 'ETH', toNetwork: 'ethereum' } as const;

async function quote(body: Record<string, unknown>, ip = freshIp()) {
  return swapCall(sut, 'POST', '/api/swap/quotes', {
    ip,
    body: { ...USDT_TRON, ...TO_ETH, amount: '1000', amountSide: 'send', rateType: 'fixed', ...body },
  });
}

/** A new order from a fresh quote; signed in when a token is given. */
async function placed(
  quoteBody: Record<string, unknown> = {},
  order: Record<string, unknown> = {},
  token?: string,
) {
  const quoted = await quote(quoteBody);
  expect(quoted.body.code).toBe(0);
  const answer = await swapCall(sut, 'POST', '/api/swap/orders', {
    ip: freshIp(),
    token,
    body: {
      quoteId: quoted.body.data.quoteId,
      receiveAddress: ADDRESSES.ethereum,
      refundAddress: ADDRESSES.tron,
      ...order,
    },
  });
  expect(answer.body.code, answer.body.msg).toBe(0);
  return answer.body.data as {
    id: string;
    secret: string;
    sendAmount: string;
    receiveAmount: string;
  } & Record<string, unknown>;
}

const desk = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = superToken) =>
  adminApi(sut, method, url, { token, body });

const TX = `0x${'ab'.repeat(32)}`;

async function deposited(id: string, amount: string, token = superToken) {
  return desk(
    'POST',
    `/api/admin/swap/orders/${id}/deposit`,
    { amount, txHash: TX, reason: 'Seen on chain' },
    token,
  );
}

describe('pairs and quotes', () => {
  it('lists every directed pair between the eight coins, with its rate, fee and limits', async () => {
    const answer = await swapCall(sut, 'GET', '/api/swap/pairs');
    expect(answer.status).toBe(200);
    expect(answer.body.data.items).toHaveLength(56);
    expect(answer.body.data).toMatchObject({
      fixedRateSeconds: 900,
      floatingWaitSeconds: 7200,
      simulated: false,
    });
    const pair = answer.body.data.items.find(
      (item: Record<string, string>) =>
        item.fromAsset === 'USDT' && item.fromNetwork === 'tron' && item.toAsset === 'ETH',
    );
    expect(pair).toMatchObject({ min: '100.000000', max: '50000.000000', networkFee: '0.00200000' });
  });

  it('quotes what arrives for an amount sent: floor(send × rate − fee) at the received asset places', async () => {
    const answer = await quote({ amount: '1000' });
    expect(answer.body.code).toBe(0);
    const data = answer.body.data;
    expect(data.quoteId).toMatch(/^[A-Za-z0-9_.-]{8,512}$/);
    const expected = toScale(
      subtractDecimals(multiplyDecimals(decimalOf('1000'), decimalOf(data.rate)), decimalOf('0.002')),
      8,
      'down',
    );
    expect(data).toMatchObject({ sendAmount: '1000.000000', networkFee: '0.00200000', rateType: 'fixed' });
    expect(data.receiveAmount).toBe(formatDecimal(expected));
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(890_000);
  });

  it('quotes what to send for an amount to receive: ceil((receive + fee) / rate) at the sent asset places', async () => {
    const answer = await quote({ amount: '0.5', amountSide: 'receive' });
    const data = answer.body.data;
    const expected = divideDecimals(
      addDecimals(decimalOf('0.5'), decimalOf('0.002')),
      decimalOf(data.rate),
      6,
      'up',
    );
    expect(data.sendAmount).toBe(formatDecimal(expected));
    expect(data.receiveAmount).toBe('0.50000000');
  });

  it('refuses an amount outside the pair limits, and a pair that is not one', async () => {
    const low = await quote({ amount: '5' });
    expect(low.body.code).toBe(7502);
    expect(low.body.msg).toBe('The amount must be between 100.000000 and 50000.000000 USDT');
    const same = await quote({ toAsset: 'USDT', toNetwork: 'tron' });
    expect(same.body.code).toBe(7501);
  });

  it('refuses a quote while an index price is stale or missing', async () => {
    const stale = new SwapService({
      repository: new SwapRepository(sut.database.db),
      ledger: ledgerOf(sut),
      index: {
        freshIndexPrice: () => {
          throw new AppError('priceStale');
        },
      },
      publisher: new RecordingPublisher(),
      watcherMode: 'manual',
    });
    await stale.start();
    await expect(
      stale.quote({ ...USDT_TRON, ...TO_ETH, amount: '1000', amountSide: 'send', rateType: 'fixed' }),
    ).rejects.toThrow('priceStale');
  });

  it('refuses quotes over the limit of one client address a minute', async () => {
    const ip = freshIp();
    for (let count = 0; count < 120; count += 1) expect((await quote({}, ip)).status).toBe(200);
    const refused = await quote({}, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(1029);
    expect((await quote({}, freshIp())).status).toBe(200);
  });
});

describe('POST /api/swap/orders', () => {
  it('turns a quote into a waiting order with its own deposit address and a secret shown once', async () => {
    const first = await placed();
    const second = await placed();
    expect(first.id).toMatch(new RegExp(`^${SWAP_ORDER_ID_PATTERN}$`));
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first).toMatchObject({
      status: 'waiting',
      payStatus: 'inPayment',
      simulated: false,
      depositMemo: null,
    });
    expect(first.events).toEqual([{ status: 'waiting', at: first.createdAt }]);
    expect(String(first.depositAddress)).toMatch(/^T/);
    expect(second.depositAddress).not.toBe(first.depositAddress);
    const [stored] = await rowsOf<{ secret_hash: string }>(
      sut.database.db,
      sql`select secret_hash from swap_orders where id = ${first.id}`,
    );
    expect(stored?.secret_hash).not.toContain(first.secret);
  });

  it('gives a Solana deposit the desk address and a memo of its own', async () => {
    const order = await placed(
      { fromAsset: 'SOL', fromNetwork: 'solana', amount: '1', rateType: 'floating' },
      { refundAddress: undefined },
    );
    expect(order.depositAddress).toBe(ADDRESSES.solana);
    expect(order.depositMemo).toMatch(/^\d{7}$/);
  });

  it('refuses a tampered quote, an expired one, and stores nothing', async () => {
    const before = await orderCount(sut);
    const quoted = await quote({});
    const [body, signature] = String(quoted.body.data.quoteId).split('.');
    const tampered = `${body}x.${signature}`;
    const order = { receiveAddress: ADDRESSES.ethereum, refundAddress: ADDRESSES.tron };
    const bad = await swapCall(sut, 'POST', '/api/swap/orders', {
      ip: freshIp(),
      body: { quoteId: tampered, ...order },
    });
    expect(bad.body.code).toBe(7503);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 901_000 });
    const late = await swapCall(sut, 'POST', '/api/swap/orders', {
      ip: freshIp(),
      body: { quoteId: quoted.body.data.quoteId, ...order },
    });
    vi.useRealTimers();
    expect(late.body.code).toBe(7504);
    expect(await orderCount(sut)).toBe(before);
  });

  it('refuses addresses, memos and missing fields as the swap form shows them', async () => {
    const before = await orderCount(sut);
    const quoteId = (await quote({})).body.data.quoteId;
    const send = (body: Record<string, unknown>) =>
      swapCall(sut, 'POST', '/api/swap/orders', { ip: freshIp(), body: { quoteId, ...body } });
    const wrongChain = await send({ receiveAddress: ADDRESSES.tron, refundAddress: ADDRESSES.tron });
    expect([wrongChain.status, wrongChain.body.code, wrongChain.body.msg]).toEqual([
      400,
      1000,
      'Invalid Address',
    ]);
    const wrongRefund = await send({ receiveAddress: ADDRESSES.ethereum, refundAddress: ADDRESSES.bitcoin });
    expect(wrongRefund.body.msg).toBe('Invalid Address');
    const memo = await send({
      receiveAddress: ADDRESSES.ethereum,
      receiveMemo: '123',
      refundAddress: ADDRESSES.tron,
    });
    expect(memo.body.code).toBe(7507);
    const noRefund = await send({ receiveAddress: ADDRESSES.ethereum });
    expect(noRefund.body.code).toBe(7508);
    const missing = await send({ refundAddress: ADDRESSES.tron });
    expect(missing.body.msg).toBe('Complete information required');
    expect(await orderCount(sut)).toBe(before);
  });

  it('refuses a coin without a key or desk address in manual mode', async () => {
    await sut.database.db.execute(sql`update swap_coins set extended_public_key = null where asset = 'LTC'`);
    await sut.app.swap.service.refresh();
    const quoteId = (await quote({ fromAsset: 'LTC', fromNetwork: 'litecoin', amount: '2' })).body.data
      .quoteId;
    const answer = await swapCall(sut, 'POST', '/api/swap/orders', {
      ip: freshIp(),
      body: { quoteId, receiveAddress: ADDRESSES.ethereum, refundAddress: ADDRESSES.litecoin },
    });
    expect(answer.body.code).toBe(7515);
    await readyCoins(sut);
  });
});

describe('opening, cancelling and listing orders', () => {
  it('opens an order by its secret or its owner token only; anything else is unknown alike', async () => {
    const owner = await registerAccount(sut, 'swap-owner@kestrel.test');
    const other = await registerAccount(sut, 'swap-other@kestrel.test');
    const order = await placed({}, {}, owner.token);
    const url = `/api/swap/orders/${order.id}`;
    expect((await swapCall(sut, 'GET', url, { secret: order.secret })).body.data.id).toBe(order.id);
    expect((await swapCall(sut, 'GET', url, { token: owner.token })).body.data.id).toBe(order.id);
    const wrongSecret = await swapCall(sut, 'GET', url, { secret: 'A'.repeat(32) });
    const otherUser = await swapCall(sut, 'GET', url, { token: other.token });
    const unknown = await swapCall(sut, 'GET', '/api/swap/orders/0000000000000000', { secret: order.secret });
    for (const answer of [wrongSecret, otherUser, unknown])
      expect([answer.status, answer.body.code]).toEqual([404, 7505]);

    const mine = await swapCall(sut, 'GET', '/api/swap/my-orders?tab=all', { token: owner.token });
    expect(mine.body.data.items.map((item: { id: string }) => item.id)).toEqual([order.id]);
    expect(
      (await swapCall(sut, 'GET', '/api/swap/my-orders', { token: other.token })).body.data.items,
    ).toEqual([]);
  });

  it('cancels only while waiting, by the secret', async () => {
    const order = await placed();
    const url = `/api/swap/orders/${order.id}/cancel`;
    expect((await swapCall(sut, 'POST', url, { secret: 'B'.repeat(32) })).body.code).toBe(7505);
    const cancelled = await swapCall(sut, 'POST', url, { secret: order.secret });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payStatus: 'canceled' });
    expect(cancelled.body.data.events.map((event: { status: string }) => event.status)).toEqual([
      'waiting',
      'cancelled',
    ]);
    expect((await swapCall(sut, 'POST', url, { secret: order.secret })).body.code).toBe(7506);
  });

  it('looks up the orders whose secrets match and leaves the others out', async () => {
    const first = await placed();
    const second = await placed();
    const answer = await swapCall(sut, 'POST', '/api/swap/orders/lookup', {
      body: {
        orders: [
          { id: first.id, secret: first.secret },
          { id: second.id, secret: first.secret },
        ],
      },
    });
    expect(answer.body.data.items.map((item: { id: string }) => item.id)).toEqual([first.id]);
  });

  it('pages the signed-in orders by tab', async () => {
    const owner = await registerAccount(sut, 'swap-pages@kestrel.test');
    const orders = [
      await placed({}, {}, owner.token),
      await placed({}, {}, owner.token),
      await placed({}, {}, owner.token),
    ];
    await swapCall(sut, 'POST', `/api/swap/orders/${orders[0]?.id}/cancel`, { token: owner.token });
    const page = await swapCall(sut, 'GET', '/api/swap/my-orders?tab=all&limit=2', { token: owner.token });
    expect(page.body.data.items.map((item: { id: string }) => item.id)).toEqual([
      orders[2]?.id,
      orders[1]?.id,
    ]);
    const next = await swapCall(
      sut,
      'GET',
      `/api/swap/my-orders?tab=all&limit=2&cursor=${page.body.data.next}`,
      {
        token: owner.token,
      },
    );
    expect(next.body.data).toEqual({ items: [expect.objectContaining({ id: orders[0]?.id })], next: null });
    const cancelled = await swapCall(sut, 'GET', '/api/swap/my-orders?tab=cancelled', { token: owner.token });
    expect(cancelled.body.data.items.map((item: { id: string }) => item.id)).toEqual([orders[0]?.id]);
    expect(
      (await swapCall(sut, 'GET', '/api/swap/my-orders?tab=history', { token: owner.token })).body.data.items,
    ).toEqual([]);
  });
});

describe('the desk moving orders', () => {
  it('exchanges a fixed order paid exactly, then completes it with its payout, each leg once', async () => {
    const order = await placed();
    const paid = await deposited(order.id, order.sendAmount);
    expect(paid.body.data).toMatchObject({
      status: 'sending',
      depositAmount: order.sendAmount,
      needsApproval: false,
    });
    expect(paid.body.data.events.map((event: { status: string }) => event.status)).toEqual([
      'waiting',
      'confirming',
      'exchanging',
      'sending',
    ]);
    expect(paid.body.data.spreadAmount).toBe('5.000000');
    const again = await deposited(order.id, order.sendAmount);
    expect(again.body.code).toBe(7509);
    const payout = { txHash: TX, reason: 'Sent from the hot wallet' };
    const completed = await desk('POST', `/api/admin/swap/orders/${order.id}/payout`, payout);
    expect(completed.body.data).toMatchObject({
      status: 'completed',
      payoutTxHash: TX,
      payStatus: 'paymentSuccessful',
    });
    expect((await desk('POST', `/api/admin/swap/orders/${order.id}/payout`, payout)).body.code).toBe(7509);
    expect(await legsOf(sut, order.id)).toEqual([
      `swap:${order.id}:received`,
      `swap:${order.id}:spread`,
      `swap:${order.id}:payout`,
      `swap:${order.id}:payout-fee`,
    ]);
    expect((await ledgerOf(sut).check()).ok).toBe(true);
  });

  it('sends a wrong amount to review, and refunds it less the sending network fee', async () => {
    const order = await placed();
    const reviewed = await deposited(order.id, '999');
    expect(reviewed.body.data).toMatchObject({ status: 'review', reviewReason: 'amountOutsideQuote' });
    expect(
      (await desk('POST', `/api/admin/swap/orders/${order.id}/payout`, { txHash: TX, reason: 'x' })).body
        .code,
    ).toBe(7509);
    const refunding = await desk('POST', `/api/admin/swap/orders/${order.id}/review`, {
      decision: 'refund',
      reason: 'Customer asked',
    });
    expect(refunding.body.data.status).toBe('refunding');
    const refunded = await desk('POST', `/api/admin/swap/orders/${order.id}/refund`, {
      txHash: TX,
      reason: 'Sent back',
    });
    expect(refunded.body.data).toMatchObject({
      status: 'refunded',
      refundAmount: '998.000000',
      refundTxHash: TX,
    });
    expect(await legsOf(sut, order.id)).toEqual([
      `swap:${order.id}:received`,
      `swap:${order.id}:refund`,
      `swap:${order.id}:refund-fee`,
    ]);
  });

  it('expires a fixed order past its time, and sends its late deposit to review', async () => {
    const order = await placed();
    await pastDeadline(sut, order.id);
    await sut.app.swap.desk.runNow();
    const expired = await swapCall(sut, 'GET', `/api/swap/orders/${order.id}`, { secret: order.secret });
    expect(expired.body.data).toMatchObject({ status: 'expired', payStatus: 'paymentCancelled' });
    const late = await deposited(order.id, order.sendAmount);
    expect(late.body.data).toMatchObject({ status: 'review', reviewReason: 'lateDeposit' });
    const exchanged = await desk('POST', `/api/admin/swap/orders/${order.id}/review`, {
      decision: 'exchange',
      reason: 'Customer accepts the rate now',
    });
    expect(exchanged.body.data.status).toBe('sending');
  });

  it('sets a floating order rate when its deposit is confirmed, within its limits', async () => {
    const order = await placed({ rateType: 'floating' }, { refundAddress: undefined });
    expect(order.refundAddress).toBeNull();
    const paid = await deposited(order.id, '1500');
    expect(paid.body.data).toMatchObject({ status: 'sending', depositAmount: '1500.000000' });
    const rate = decimalOf(paid.body.data.rate);
    const expected = toScale(
      subtractDecimals(multiplyDecimals(decimalOf('1500'), rate), decimalOf('0.002')),
      8,
      'down',
    );
    expect(paid.body.data.receiveAmount).toBe(formatDecimal(expected));
  });

  it('needs a second operator to approve a payout above the threshold', async () => {
    const settings = {
      fixedRateSeconds: 900,
      floatingWaitSeconds: 7200,
      watcherMode: 'manual',
      reason: 'Test',
    };
    await desk('PUT', '/api/admin/swap/settings', { ...settings, approvalThreshold: '100' });
    const order = await placed();
    const paid = await deposited(order.id, order.sendAmount);
    expect(paid.body.data).toMatchObject({
      status: 'sending',
      needsApproval: true,
      payoutRequestedBy: 'super_admin@kestrel.test',
      payoutApprovedBy: null,
    });
    const payout = { txHash: TX, reason: 'Sent' };
    expect((await desk('POST', `/api/admin/swap/orders/${order.id}/payout`, payout)).body.code).toBe(7511);
    const same = await desk('POST', `/api/admin/swap/orders/${order.id}/approve`, { reason: 'Checked' });
    expect(same.body.code).toBe(7510);
    const approved = await desk(
      'POST',
      `/api/admin/swap/orders/${order.id}/approve`,
      { reason: 'Checked' },
      reviewerToken,
    );
    expect(approved.body.data.payoutApprovedBy).toBe('reviewer@kestrel.test');
    expect((await desk('POST', `/api/admin/swap/orders/${order.id}/payout`, payout)).body.data.status).toBe(
      'completed',
    );
    await desk('PUT', '/api/admin/swap/settings', { ...settings, approvalThreshold: '10000' });
  });

  it('lets the simulated watcher take a simulated order from its deposit to completed', async () => {
    const settings = {
      fixedRateSeconds: 900,
      floatingWaitSeconds: 7200,
      approvalThreshold: '10000',
      reason: 'Demo',
    };
    await desk('PUT', '/api/admin/swap/settings', { ...settings, watcherMode: 'simulated' });
    const order = await placed();
    expect(order.simulated).toBe(true);
    const job = new SwapDeskJob({
      service: sut.app.swap.service,
      repository: new SwapRepository(sut.database.db),
      leadership: { contend: () => undefined },
      pace: { depositAfterSeconds: 0, stepSeconds: 0 },
    });
    for (let round = 0; round < 4; round += 1) await job.runNow();
    await desk('PUT', '/api/admin/swap/settings', { ...settings, watcherMode: 'manual' });
    const done = await desk('GET', `/api/admin/swap/orders/${order.id}`);
    expect(done.body.data).toMatchObject({ status: 'completed', depositAmount: order.sendAmount });
    expect(done.body.data.depositTxHash).toMatch(/^SIMULATED/);
    expect(done.body.data.payoutTxHash).toMatch(/^SIMULATED/);
    expect(done.body.data.events.map((event: { status: string }) => event.status)).toEqual([
      'waiting',
      'confirming',
      'exchanging',
      'sending',
      'completed',
    ]);
    expect(await legsOf(sut, order.id)).toHaveLength(4);
  });
});

describe('the desk settings', () => {
  it('shows coins with masked keys and inventory, and pairs with spreads', async () => {
    const answer = await desk('GET', '/api/admin/swap/desk');
    expect(answer.body.data.coins).toHaveLength(8);
    const btc = answer.body.data.coins.find((coin: { asset: string }) => coin.asset === 'BTC');
    expect(btc.extendedPublicKey).toMatch(/^xpub661M…[A-Za-z0-9]{6}$/);
    expect(answer.body.data.pairs).toHaveLength(56);
  });

  it('refuses a private key, an invalid one and a minimum worth less than five network fees', async () => {
    const coin = { enabled: true, networkFee: '0.0001', reason: 'New key' };
    const privateKey =
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    const refused = await desk('PUT', '/api/admin/swap/coins/BTC/bitcoin', {
      ...coin,
      extendedPublicKey: privateKey,
    });
    expect(refused.body.code).toBe(7514);
    const invalid = await desk('PUT', '/api/admin/swap/coins/BTC/bitcoin', {
      ...coin,
      extendedPublicKey: `${privateKey.slice(0, -1)}x`.replace('xprv', 'xpub'),
    });
    expect(invalid.body.code).toBe(7513);
    const pair = { enabled: true, spread: '0.005', min: '1', max: '50000', reason: 'Lower minimum' };
    expect((await desk('PUT', '/api/admin/swap/pairs/USDT/tron/USDT/ethereum', pair)).body.code).toBe(7512);
    const saved = await desk('PUT', '/api/admin/swap/pairs/USDT/tron/USDT/ethereum', { ...pair, min: '30' });
    expect(saved.body.data).toMatchObject({ min: '30.000000', spread: '0.005' });
  });
});
