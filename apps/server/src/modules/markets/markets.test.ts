import type { CandleInterval } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { MarketsRepository } from './markets.repository';
import { MarketsService } from './markets.service';
import { ManualFeed, RecordingPublisher } from './test-markets';

const SYMBOLS = ['BNBUSDT', 'BTCUSDT', 'DOGEUSDT', 'ETHUSDT', 'LTCUSDT', 'SOLUSDT', 'TRXUSDT', 'XRPUSDT'];

let sut: TestApp;
let superToken: string;
let supportToken: string;

beforeAll(async () => {
  sut = await createTestApp({ env: { MARKET_HISTORY_CANDLES: '6' } });
  superToken = (await adminWithRole(sut, 'super_admin')).token;
  supportToken = (await adminWithRole(sut, 'support')).token;
});
afterAll(async () => {
  await sut?.close();
});

describe('GET /api/markets', () => {
  it('lists the eight default markets with an index price, labelled simulated, without a token', async () => {
    const answer = await callApi(sut, 'GET', '/api/markets');
    expect(answer.status).toBe(200);
    const items = answer.body.data.items as { symbol: string; indexPrice: string; source: string }[];
    expect(items.map((item) => item.symbol)).toEqual(SYMBOLS);
    for (const item of items) {
      expect(item.source).toBe('simulated');
      expect(item.indexPrice).toMatch(/^\d+\.\d+$/);
    }
    expect(items.find((item) => item.symbol === 'DOGEUSDT')).toMatchObject({
      base: 'DOGE',
      quote: 'USDT',
      tickSize: '0.00001',
      lotSize: '1',
      minNotional: '5',
      makerFee: '0.001',
      takerFee: '0.001',
      open: true,
      stale: false,
    });
  });

  it('answers one market by its symbol as published, and refuses an unknown one in the language asked', async () => {
    const answer = await callApi(sut, 'GET', '/api/markets/ETHUSDT');
    expect(answer.body.data).toMatchObject({ symbol: 'ETHUSDT', tickSize: '0.01', lotSize: '0.0001' });
    expect(answer.body.data.stats).toEqual(
      expect.objectContaining({ changePercent: expect.stringMatching(/^-?\d+\.\d{2}$/) }),
    );
    const unknown = await callApi(sut, 'GET', '/api/markets/PEPEUSDT', { lang: 'de' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 7001, msg: 'Diesen Markt gibt es nicht' });
    // The published pattern is upper case only: a lower-case symbol is not read as another spelling of one.
    const lowerCase = await callApi(sut, 'GET', '/api/markets/ethusdt', { lang: 'de' });
    expect(lowerCase.body).toMatchObject({ msg: 'Diesen Markt gibt es nicht', data: null });
  });

  it('serves the generated history oldest first, the forming candle last, a page further back with `before`', async () => {
    const candles = async (interval: CandleInterval, query = '') =>
      (await callApi(sut, 'GET', `/api/markets/BTCUSDT/candles?interval=${interval}${query}`)).body.data;
    const hours = await candles('1h');
    expect(hours.source).toBe('simulated');
    const times = hours.items.map((item: { time: number }) => item.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.length).toBeGreaterThanOrEqual(6);
    expect(times.at(-1)).toBe(Math.floor(Date.now() / 3_600_000) * 3600);
    const older = await candles('1h', `&before=${times[2]}&limit=2`);
    expect(older.items.map((item: { time: number }) => item.time)).toEqual(times.slice(0, 2));
    const bad = await callApi(sut, 'GET', '/api/markets/BTCUSDT/candles?interval=2h');
    expect(bad.status).toBe(400);
  });
});

describe('the back office', () => {
  it('lists markets to super admins only', async () => {
    const list = await adminApi(sut, 'GET', '/api/admin/markets', { token: superToken });
    expect(list.body.data.items).toHaveLength(8);
    expect(list.body.data.items[0]).toMatchObject({ symbol: 'BNBUSDT', marketMaker: true });
    expect((await adminApi(sut, 'GET', '/api/admin/markets', { token: supportToken })).status).toBe(403);
  });

  it('changes fees and switches the market maker, audited with the reason', async () => {
    const answer = await adminApi(sut, 'PATCH', '/api/admin/markets/LTCUSDT', {
      token: superToken,
      body: { makerFee: '0.0008', marketMaker: false, reason: 'Maker rebate campaign' },
    });
    expect(answer.body.data).toMatchObject({ symbol: 'LTCUSDT', makerFee: '0.0008', marketMaker: false });
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateMarket&pageSize=1', {
      token: superToken,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      reason: 'Maker rebate campaign',
      targetType: 'market',
      targetId: 'LTCUSDT',
      before: expect.objectContaining({ makerFee: '0.001', marketMaker: true }),
      after: expect.objectContaining({ makerFee: '0.0008', marketMaker: false }),
    });
  });

  it('changes the tick and lot size only while the market is closed, and shows the market closed', async () => {
    const patch = (body: object) =>
      adminApi(sut, 'PATCH', '/api/admin/markets/SOLUSDT', { token: superToken, body, lang: 'en-US' });
    const refused = await patch({ tickSize: '0.001', reason: 'Finer prices' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 7004 });
    expect((await callApi(sut, 'GET', '/api/markets/SOLUSDT')).body.data.tickSize).toBe('0.01');

    expect((await patch({ open: false, reason: 'Maintenance' })).body.data.open).toBe(false);
    const tooFine = await patch({ lotSize: '0.000000001', reason: 'Finer sizes' });
    expect(tooFine.status).toBe(400);
    const changed = await patch({ tickSize: '0.001', lotSize: '0.01', reason: 'Finer prices' });
    expect(changed.body.data).toMatchObject({ tickSize: '0.001', lotSize: '0.01', open: false });
    expect((await callApi(sut, 'GET', '/api/markets/SOLUSDT')).body.data).toMatchObject({
      tickSize: '0.001',
      open: false,
    });
    const refusal = await callApi(sut, 'GET', '/api/markets/SOLUSDT', { lang: 'fr' });
    expect(refusal.body.data.open).toBe(false);
    const markets = new MarketsService(new MarketsRepository(sut.database.db), { feed: new ManualFeed() });
    await markets.start();
    expect(() => markets.openMarket('SOLUSDT')).toThrow(
      expect.objectContaining({ reason: 'marketClosed', status: 409 }),
    );
    expect(markets.openMarket('BTCUSDT').symbol).toBe('BTCUSDT');
    expect(() => markets.openMarket('PEPEUSDT')).toThrow(
      expect.objectContaining({ reason: 'unknownMarket' }),
    );
    await markets.stop();
  });

  it('refuses a change without a reason and an unknown market', async () => {
    const noReason = await adminApi(sut, 'PATCH', '/api/admin/markets/BTCUSDT', {
      token: superToken,
      body: { takerFee: '0.002' },
    });
    expect(noReason.status).toBe(400);
    const unknown = await adminApi(sut, 'PATCH', '/api/admin/markets/PEPEUSDT', {
      token: superToken,
      body: { takerFee: '0.002', reason: 'Listing' },
    });
    expect(unknown.body.code).toBe(7001);
    expect((await callApi(sut, 'GET', '/api/markets/BTCUSDT')).body.data.takerFee).toBe('0.001');
  });
});

describe('the markets service', () => {
  const start = new Date(Date.UTC(2031, 0, 6, 10, 0, 0));
  let now = start.getTime();
  const service = (feed: ManualFeed, publisher = new RecordingPublisher()) =>
    new MarketsService(new MarketsRepository(sut.database.db), {
      feed,
      publisher,
      staleSeconds: 15,
      history: false,
      now: () => new Date(now),
    });

  it('marks a market stale when its feed is silent too long, and tells the ticker channel', async () => {
    const feed = new ManualFeed();
    const publisher = new RecordingPublisher();
    const markets = service(feed, publisher);
    await markets.start();
    expect(markets.isStale('BTCUSDT')).toBe(true);
    expect(markets.indexPrice('BTCUSDT')).toBeNull();
    feed.tick('BTCUSDT', '90000.00', '0.5', new Date(now));
    expect(markets.indexPrice('BTCUSDT')).toBe('90000.00');
    expect(markets.isStale('BTCUSDT')).toBe(false);
    expect(markets.freshIndexPrice('BTCUSDT')).toBe('90000.00');
    now += 15_000;
    expect(markets.isStale('BTCUSDT')).toBe(false);
    markets.publishChanges();
    now += 1_000;
    expect(markets.isStale('BTCUSDT')).toBe(true);
    expect(() => markets.freshIndexPrice('BTCUSDT')).toThrow(
      expect.objectContaining({ reason: 'priceStale' }),
    );
    publisher.messages.length = 0;
    markets.publishChanges();
    expect(publisher.messages).toContainEqual({
      channel: 'ticker:BTCUSDT',
      data: expect.objectContaining({ symbol: 'BTCUSDT', indexPrice: '90000.00', stale: true }),
    });
    await markets.stop();
  });

  it('counts trades in the candles and 24-hour statistics, publishes them, and keeps them across a restart', async () => {
    now = start.getTime() + 3_600_000;
    const feed = new ManualFeed();
    const publisher = new RecordingPublisher();
    const first = service(feed, publisher);
    const changed: string[] = [];
    first.onIndexPrice((symbol, price) => changed.push(`${symbol}@${price}`));
    await first.start();
    feed.tick('ETHUSDT', '3000.00', '1', new Date(now));
    first.recordTrade('ETHUSDT', { price: '3030.00', size: '2', at: new Date(now + 5_000) });
    expect(changed).toEqual(['ETHUSDT@3000.00']);
    expect(first.summary('ETHUSDT').stats).toEqual({
      last: '3030.00',
      open: '3000.00',
      high: '3030.00',
      low: '3000.00',
      volume: '3.0000',
      turnover: '9060.00',
      changePercent: '1.00',
    });
    now += 1_000;
    first.publishChanges();
    expect(publisher.messages).toContainEqual({
      channel: 'candles:ETHUSDT:1h',
      data: {
        time: now / 1000 - 1,
        interval: '1h',
        open: '3000.00',
        high: '3030.00',
        low: '3000.00',
        close: '3030.00',
        volume: '3.0000',
      },
    });
    expect(publisher.messages.some((message) => message.channel === 'tickers')).toBe(true);
    await first.stop();

    const second = service(new ManualFeed());
    await second.start();
    expect(second.summary('ETHUSDT').stats).toMatchObject({
      open: '3000.00',
      last: '3030.00',
      volume: '3.0000',
    });
    const { items } = await second.candles('ETHUSDT', { interval: '1h', limit: 10 });
    expect(items.at(-1)).toMatchObject({ open: '3000.00', close: '3030.00', volume: '3.0000' });
    await second.stop();
  });

  it('answers the price at a past minute: its one-minute candle opened there, or the latest before it closed there', async () => {
    const minute = start.getTime() + 5 * 3_600_000;
    now = minute;
    const feed = new ManualFeed();
    const markets = service(feed);
    await markets.start();
    feed.tick('LTCUSDT', '70.00', '1', new Date(minute));
    feed.tick('LTCUSDT', '71.00', '1', new Date(minute + 30_000));
    now = minute + 120_000;
    feed.tick('LTCUSDT', '72.00', '1', new Date(now));
    await markets.flush();

    expect(await markets.priceAt('LTCUSDT', new Date(minute + 10_000))).toBe('70.00');
    expect(await markets.priceAt('LTCUSDT', new Date(minute + 90_000))).toBe('71.00');
    expect(await markets.priceAt('LTCUSDT', new Date(minute + 125_000))).toBe('72.00');
    expect(await markets.priceAt('LTCUSDT', new Date(Date.UTC(2000, 0, 1)))).toBeNull();
    expect(await markets.priceAt('PEPEUSDT', new Date(minute))).toBeNull();
    await markets.stop();
  });
});
