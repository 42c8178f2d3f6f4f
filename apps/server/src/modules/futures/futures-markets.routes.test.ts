import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { FuturesMarketsRepository } from './futures-markets.repository';
import { STATS_MAX_AGE_MS } from './futures-stats';

let sut: TestApp;
let superToken: string;
let token: string;
let userId: number;

beforeAll(async () => {
  sut = await createTestApp();
  superToken = (await adminWithRole(sut, 'super_admin')).token;
  ({
    token,
    user: { id: userId },
  } = await registerAccount(sut, 'futures-settings@kestrel.test'));
});
afterAll(async () => {
  await sut?.close();
});

const statsExpire = () => new Promise((resolve) => setTimeout(resolve, STATS_MAX_AGE_MS));

const put = (body: unknown, lang = 'en-US') =>
  sut.app
    .inject({
      method: 'PUT',
      url: '/api/futures/settings',
      payload: body as Record<string, unknown>,
      headers: { authorization: token, 'think-lang': lang },
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));

describe('GET /api/futures/markets', () => {
  it('lists a perpetual per spot market with brackets, the index as mark before the first mark, and no trades', async () => {
    const answer = await callApi(sut, 'GET', '/api/futures/markets');
    expect(answer.status).toBe(200);
    const items = answer.body.data.items as Record<string, unknown>[];
    expect(items.map((item) => item.symbol)).toEqual([
      'BNBUSDT',
      'BTCUSDT',
      'DOGEUSDT',
      'ETHUSDT',
      'LTCUSDT',
      'SOLUSDT',
      'TRXUSDT',
      'XRPUSDT',
    ]);
    const btc = items.find((item) => item.symbol === 'BTCUSDT') as Record<string, unknown>;
    expect(btc).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      tickSize: '0.01',
      makerFee: '0.0002',
      takerFee: '0.0005',
      open: true,
      fundingRate: '0.00010000',
      fundingIntervalHours: 8,
      stale: false,
      stats: { last: '0', volume: '0', changePercent: '0.00' },
    });
    // The perpetual's owner publishes a mark from each index tick and its book.
    expect(btc.markPrice).toMatch(/^\d+(\.\d+)?$/);
    expect(btc.indexPrice).toMatch(/^\d+\.\d+$/);
    expect(Date.parse(btc.nextFundingTime as string) % (8 * 3_600_000)).toBe(0);
    expect((btc.brackets as unknown[]).slice(0, 3)).toEqual([
      {
        notionalFloor: '0',
        notionalCap: '50000',
        maxLeverage: 125,
        maintenanceMarginRate: '0.004',
        maintenanceAmount: '0',
      },
      {
        notionalFloor: '50000',
        notionalCap: '250000',
        maxLeverage: 100,
        maintenanceMarginRate: '0.005',
        maintenanceAmount: '50',
      },
      {
        notionalFloor: '250000',
        notionalCap: '1000000',
        maxLeverage: 50,
        maintenanceMarginRate: '0.01',
        maintenanceAmount: '1300',
      },
    ]);
    const doge = items.find((item) => item.symbol === 'DOGEUSDT') as { brackets: { maxLeverage: number }[] };
    expect(doge.brackets[0]?.maxLeverage).toBe(75);
  });

  it('answers one perpetual, and refuses an unknown one in the language asked', async () => {
    const eth = await callApi(sut, 'GET', '/api/futures/markets/ETHUSDT');
    expect(eth.body.data).toMatchObject({ symbol: 'ETHUSDT', tickSize: '0.01' });
    const unknown = await callApi(sut, 'GET', '/api/futures/markets/PEPEUSDT', { lang: 'de' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 7301, msg: 'Diesen Perpetual gibt es nicht' });
  });

  it('sums up the perpetual’s own trades of the last 24 hours', async () => {
    await sut.database.db.execute(sql`insert into futures_orders
      (id, user_id, symbol, action, side, type, time_in_force, price, size, leverage, margin_mode, status, epoch)
      select id, ${userId}, 'BNBUSDT', action, side, 'limit', 'GTC', 600, 3, 10, 'cross', 'filled',
        -- Written as the perpetual's owner writes: with its epoch (the fence refuses any other).
        (select epoch from leadership where name = 'futures:BNBUSDT')
      from (values (9001, 'openLong', 'buy'), (9002, 'openShort', 'sell')) as v(id, action, side)`);
    await sut.database.db.execute(sql`insert into futures_trades
      (symbol, taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_side, price, size, maker_fee,
       taker_fee, trade_key, transaction_id, created_at)
      values ('BNBUSDT', 9001, 9002, ${userId}, ${userId}, 'buy', 590, 5, 0, 0, 'a', 1, now() - interval '25 hours'),
             ('BNBUSDT', 9001, 9002, ${userId}, ${userId}, 'buy', 600, 1, 0, 0, 'b', 1, now() - interval '2 hours'),
             ('BNBUSDT', 9001, 9002, ${userId}, ${userId}, 'buy', 612.5, 2, 0, 0, 'c', 1, now() - interval '1 hour'),
             ('BNBUSDT', 9001, 9002, ${userId}, ${userId}, 'buy', 606, 0.5, 0, 0, 'd', 1, now())`);
    // The statistics a request is answered with are up to a second old.
    await statsExpire();
    const bnb = (await callApi(sut, 'GET', '/api/futures/markets/BNBUSDT')).body.data;
    expect(bnb.stats).toEqual({
      last: '606',
      open: '600',
      high: '612.5',
      low: '600',
      volume: '3.5',
      turnover: '2128',
      changePercent: '1.00',
    });
  });

  it('reads the statistics once for the requests of a second, however many', async () => {
    await statsExpire();
    const reads = vi.spyOn(FuturesMarketsRepository.prototype, 'tradeSummaries');
    try {
      const answers = await Promise.all([
        callApi(sut, 'GET', '/api/futures/markets'),
        callApi(sut, 'GET', '/api/futures/markets'),
      ]);
      answers.push(await callApi(sut, 'GET', '/api/futures/markets/BNBUSDT'));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('lists settled funding rates newest first', async () => {
    expect((await callApi(sut, 'GET', '/api/futures/markets/SOLUSDT/funding')).body.data.items).toEqual([]);
    await sut.database.db.execute(sql`insert into futures_funding_rates (symbol, funding_time, rate, mark_price, index_price)
      values ('SOLUSDT', '2026-01-01T00:00:00Z', 0.0001, 150.25, 150.2),
             ('SOLUSDT', '2026-01-01T08:00:00Z', -0.00012345, 151, 151.1)`);
    expect((await callApi(sut, 'GET', '/api/futures/markets/SOLUSDT/funding')).body.data.items).toEqual([
      { time: '2026-01-01T08:00:00.000Z', rate: '-0.00012345', markPrice: '151' },
      { time: '2026-01-01T00:00:00.000Z', rate: '0.00010000', markPrice: '150.25' },
    ]);
  });
});

describe('futures settings', () => {
  it('answers 20x cross for every perpetual until the user changes one', async () => {
    const answer = await callApi(sut, 'GET', '/api/futures/settings', { token });
    expect(answer.body.data.items).toHaveLength(8);
    expect(answer.body.data.items[0]).toEqual({ symbol: 'BNBUSDT', leverage: 20, marginMode: 'cross' });
    expect((await callApi(sut, 'GET', '/api/futures/settings')).status).toBe(401);
  });

  it('sets leverage within the brackets and the margin mode', async () => {
    const saved = await put({ symbol: 'BTCUSDT', leverage: 100, marginMode: 'isolated' });
    expect(saved.body).toMatchObject({
      code: 0,
      msg: 'Futures settings saved',
      data: { symbol: 'BTCUSDT', leverage: 100, marginMode: 'isolated' },
    });
    const listed = await callApi(sut, 'GET', '/api/futures/settings', { token });
    expect(listed.body.data.items).toContainEqual({
      symbol: 'BTCUSDT',
      leverage: 100,
      marginMode: 'isolated',
    });
    const tooHigh = await put({ symbol: 'DOGEUSDT', leverage: 80, marginMode: 'cross' }, 'fr');
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body).toMatchObject({
      code: 7302,
      msg: 'Ce marché autorise au plus un effet de levier de 75x pour la taille de votre position',
    });
    expect((await put({ symbol: 'PEPEUSDT', leverage: 5, marginMode: 'cross' })).body.code).toBe(7301);
    expect((await put({ symbol: 'BTCUSDT', leverage: 126, marginMode: 'cross' })).status).toBe(400);
  });

  it('bounds the leverage by the open position and keeps the margin mode while a position or order is there', async () => {
    // 100 ETH at 3,000: 300,000 USDT of notional, in the third bracket (50x).
    await sut.database.db.execute(sql`insert into futures_positions
      (user_id, symbol, side, margin_mode, leverage, size, entry_price, margin, epoch)
      values (${userId}, 'ETHUSDT', 'long', 'cross', 20, 100, 3000, 15000,
        (select epoch from leadership where name = 'futures:ETHUSDT'))`);
    const refused = await put({ symbol: 'ETHUSDT', leverage: 75, marginMode: 'cross' });
    expect(refused.body).toMatchObject({ code: 7302 });
    expect(refused.body.msg).toContain('50x');
    expect((await put({ symbol: 'ETHUSDT', leverage: 50, marginMode: 'cross' })).body.code).toBe(0);
    const locked = await put({ symbol: 'ETHUSDT', leverage: 50, marginMode: 'isolated' }, 'de');
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe(7303);
    await sut.database.db.execute(sql`update futures_positions set size = 0 where user_id = ${userId}`);
    await sut.database.db.execute(sql`insert into futures_orders
      (user_id, symbol, action, side, type, time_in_force, price, size, leverage, margin_mode, status, epoch)
      values (${userId}, 'ETHUSDT', 'openLong', 'buy', 'limit', 'GTC', 2900, 1, 50, 'cross', 'open',
        (select epoch from leadership where name = 'futures:ETHUSDT'))`);
    expect((await put({ symbol: 'ETHUSDT', leverage: 50, marginMode: 'isolated' })).body.code).toBe(7303);
    await sut.database.db.execute(
      sql`update futures_orders set status = 'cancelled' where user_id = ${userId}`,
    );
    expect((await put({ symbol: 'ETHUSDT', leverage: 50, marginMode: 'isolated' })).body.code).toBe(0);
  });
});

describe('the back office of perpetuals', () => {
  const patch = (symbol: string, body: unknown) =>
    adminApi(sut, 'PATCH', `/api/admin/futures/markets/${symbol}`, {
      token: superToken,
      body,
      lang: 'en-US',
    });

  it('lists perpetuals with their funding parameters for super admins only', async () => {
    const answer = await adminApi(sut, 'GET', '/api/admin/futures/markets', { token: superToken });
    expect(answer.body.data.items[1]).toMatchObject({
      symbol: 'BTCUSDT',
      interestRate: '0.0001',
      fundingCap: '0.0075',
      marketMaker: true,
    });
    expect((await adminApi(sut, 'GET', '/api/admin/futures/markets')).status).toBe(401);
  });

  it('changes fees, funding and brackets with an audited reason, and publishes them', async () => {
    const answer = await patch('LTCUSDT', {
      takerFee: '0.0004',
      fundingIntervalHours: 4,
      brackets: [
        { notionalCap: '10000', maxLeverage: 50, maintenanceMarginRate: '0.01' },
        { notionalCap: '100000', maxLeverage: 20, maintenanceMarginRate: '0.025' },
      ],
      reason: 'Lower leverage for LTC',
    });
    expect(answer.body).toMatchObject({ code: 0, msg: 'Perpetual saved' });
    expect(answer.body.data).toMatchObject({ takerFee: '0.0004', fundingIntervalHours: 4 });
    const ltc = (await callApi(sut, 'GET', '/api/futures/markets/LTCUSDT')).body.data;
    expect(ltc.brackets[1]).toEqual({
      notionalFloor: '10000',
      notionalCap: '100000',
      maxLeverage: 20,
      maintenanceMarginRate: '0.025',
      maintenanceAmount: '150',
    });
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateFuturesMarket&pageSize=1', {
      token: superToken,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      reason: 'Lower leverage for LTC',
      targetType: 'futuresMarket',
      targetId: 'LTCUSDT',
      before: expect.objectContaining({ takerFee: '0.0005', fundingIntervalHours: 8 }),
      after: expect.objectContaining({ takerFee: '0.0004', fundingIntervalHours: 4 }),
    });
  });

  it('refuses brackets out of order, and tick or lot changes while open', async () => {
    const disordered = await patch('XRPUSDT', {
      brackets: [
        { notionalCap: '10000', maxLeverage: 50, maintenanceMarginRate: '0.01' },
        { notionalCap: '5000', maxLeverage: 20, maintenanceMarginRate: '0.02' },
      ],
      reason: 'Typo',
    });
    expect(disordered.status).toBe(400);
    expect(disordered.body.code).toBe(7304);
    expect((await patch('XRPUSDT', { tickSize: '0.001', reason: 'Finer' })).body.code).toBe(7004);
    expect((await patch('XRPUSDT', { open: false, reason: 'Maintenance' })).body.data.open).toBe(false);
    const changed = await patch('XRPUSDT', { tickSize: '0.001', reason: 'Finer' });
    expect(changed.body.data).toMatchObject({ tickSize: '0.001', open: false });
    expect((await patch('PEPEUSDT', { open: false, reason: 'Listing' })).body.code).toBe(7301);
  });
});
