import { randomBytes } from 'node:crypto';
import { decimalOf, formatShortest } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/auth.schema';
import type { Market } from '../markets';
import { MarketsRepository } from '../markets';
import { FuturesMarkets } from './futures-markets';
import { FuturesMarketsRepository } from './futures-markets.repository';

/*
 * Helpers for the futures tests: the spot markets are the database's own (the seeded eight), read as the markets
 * service gives them to the trading modules.
 */

const shortest = (text: string) => formatShortest(decimalOf(text));

export async function spotMarketsOf(db: Db): Promise<Market[]> {
  const rows = await new MarketsRepository(db).list();
  return rows.map((row) => ({
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    tickSize: shortest(row.tickSize),
    lotSize: shortest(row.lotSize),
    minNotional: shortest(row.minNotional),
    makerFee: shortest(row.makerFee),
    takerFee: shortest(row.takerFee),
    open: row.open,
    marketMaker: row.marketMaker,
  }));
}

/** The directory of perpetuals over the database's spot markets, loaded (and so seeded). */
export async function futuresMarketsOf(db: Db): Promise<FuturesMarkets> {
  const spot = await spotMarketsOf(db);
  const markets = new FuturesMarkets(new FuturesMarketsRepository(db), { markets: () => spot });
  await markets.load();
  return markets;
}

/**
 * A perpetual of the test's own, which the test app's own futures service does not know (leases outlive the
 * nodes that held them): a spot market of a base asset of its own, `<tag>BTC` in USDT with BTCUSDT's increments,
 * and its perpetual, alone in the directory answered.
 */
export async function ownPerpetualOf(db: Db, tag: string): Promise<FuturesMarkets> {
  const spot: Market = {
    symbol: `${tag}BTCUSDT`,
    base: `${tag}BTC`,
    quote: 'USDT',
    tickSize: '0.01',
    lotSize: '0.00001',
    minNotional: '5',
    makerFee: '0.001',
    takerFee: '0.001',
    open: true,
    marketMaker: false,
  };
  // Neither the ledger nor the markets module offers to create these: written as their migrations would.
  await db.execute(sql`insert into assets (code, precision) values (${spot.base}, 8)`);
  await db.execute(sql`insert into markets (symbol, base, quote, tick_size, lot_size, min_notional, maker_fee,
    taker_fee, open, market_maker) values (${spot.symbol}, ${spot.base}, ${spot.quote}, ${spot.tickSize},
    ${spot.lotSize}, ${spot.minNotional}, ${spot.makerFee}, ${spot.takerFee}, true, false)`);
  const perpetuals = new FuturesMarkets(new FuturesMarketsRepository(db), { markets: () => [spot] });
  await perpetuals.load();
  return perpetuals;
}

export async function createUsers(db: Db, count: number): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        const tag = randomBytes(8).toString('hex');
        return { email: `${tag}@futures.test`, passwordHash: 'not-a-hash', inviteCode: tag };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}
