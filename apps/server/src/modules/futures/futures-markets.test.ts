import { ALT_BRACKETS, MAJOR_BRACKETS } from '@kestrel/futures';
import { formatShortest } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/scratch-database';
import type { Database } from '../../db/client';
import { bracketsOf, FuturesMarkets, storedBrackets } from './futures-markets';
import { FuturesMarketsRepository } from './futures-markets.repository';
import { FuturesSettings } from './futures-settings';
import { FuturesSettingsRepository } from './futures-settings.repository';
import { createUsers, futuresMarketsOf, spotMarketsOf } from './test-futures';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await scratchDatabase());
});
afterAll(async () => {
  await drop?.();
});

const shortest = formatShortest;

describe('FuturesMarkets', () => {
  it('creates one perpetual per spot market with its increments, the default fees and the brackets of its kind', async () => {
    const markets = await futuresMarketsOf(database.db);
    expect(markets.all().map((market) => market.symbol)).toEqual([
      'BNBUSDT',
      'BTCUSDT',
      'DOGEUSDT',
      'ETHUSDT',
      'LTCUSDT',
      'SOLUSDT',
      'TRXUSDT',
      'XRPUSDT',
    ]);
    const doge = markets.market('DOGEUSDT');
    expect(doge && { ...doge, brackets: undefined }).toMatchObject({
      base: 'DOGE',
      quote: 'USDT',
      open: true,
      marketMaker: true,
      fundingIntervalHours: 8,
    });
    expect(doge && shortest(doge.tickSize)).toBe('0.00001');
    expect(doge && shortest(doge.lotSize)).toBe('1');
    expect(doge && shortest(doge.minNotional)).toBe('5');
    expect(doge && shortest(doge.makerFee)).toBe('0.0002');
    expect(doge && shortest(doge.takerFee)).toBe('0.0005');
    expect(doge && shortest(doge.interestRate)).toBe('0.0001');
    expect(doge && shortest(doge.fundingCap)).toBe('0.0075');
    expect(doge?.brackets).toEqual(ALT_BRACKETS);
    expect(markets.market('BTCUSDT')?.brackets).toEqual(MAJOR_BRACKETS);
    expect(markets.market('ETHUSDT')?.brackets).toEqual(MAJOR_BRACKETS);
    expect(markets.market('PEPEUSDT')).toBeUndefined();
  });

  it('keeps what operators changed when it loads again, and reads the change', async () => {
    await database.db.execute(sql`update futures_markets set taker_fee = 0.0004 where symbol = 'SOLUSDT'`);
    const spot = await spotMarketsOf(database.db);
    const markets = new FuturesMarkets(new FuturesMarketsRepository(database.db), { markets: () => spot });
    await markets.load();
    const sol = markets.market('SOLUSDT');
    expect(sol && shortest(sol.takerFee)).toBe('0.0004');
    expect(markets.all()).toHaveLength(8);
  });

  it('stores brackets by cap and reads them back with their floors and maintenance amounts', () => {
    const stored = storedBrackets(MAJOR_BRACKETS);
    expect(stored[1]).toEqual({ notionalCap: '250000', maxLeverage: 100, maintenanceMarginRate: '0.005' });
    const read = bracketsOf(stored);
    expect(read).toEqual(MAJOR_BRACKETS);
    expect(read.map((bracket) => shortest(bracket.maintenanceAmount)).slice(0, 3)).toEqual([
      '0',
      '50',
      '1300',
    ]);
  });
});

describe('FuturesSettings', () => {
  it('answers 20x cross for a market the user never set, and what they chose once stored', async () => {
    const markets = await futuresMarketsOf(database.db);
    const settings = new FuturesSettings(new FuturesSettingsRepository(database.db), markets);
    const [userId] = await createUsers(database.db, 1);
    if (userId === undefined) throw new Error('no user');
    expect(await settings.of(userId, 'BTCUSDT')).toEqual({ leverage: 20, marginMode: 'cross' });
    await database.db.execute(
      sql`insert into futures_settings (user_id, symbol, leverage, margin_mode) values (${userId}, 'BTCUSDT', 5, 'isolated')`,
    );
    expect(await settings.of(userId, 'BTCUSDT')).toEqual({ leverage: 5, marginMode: 'isolated' });
    expect(await settings.of(userId, 'ETHUSDT')).toEqual({ leverage: 20, marginMode: 'cross' });
  });
});
