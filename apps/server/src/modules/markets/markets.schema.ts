import { CANDLE_INTERVALS, PRICE_SOURCES } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { inList } from '../../db/check-list';
import { assets } from '../ledger/ledger.schema';

const decimal = (name: string) => numeric(name, { precision: 36, scale: 18 });

/**
 * Spot markets (ARCHITECTURE.md section 6, docs/decisions/0018-markets-and-price-feed.md): a base asset priced
 * in a quote asset, with the increments the engine works in and the fees trades pay. Operators change them in
 * the back office; the tick and lot size only while the market is closed.
 */
export const markets = pgTable(
  'markets',
  {
    symbol: text('symbol').primaryKey(),
    base: text('base')
      .notNull()
      .references(() => assets.code),
    quote: text('quote')
      .notNull()
      .references(() => assets.code),
    tickSize: decimal('tick_size').notNull(),
    lotSize: decimal('lot_size').notNull(),
    minNotional: decimal('min_notional').notNull(),
    makerFee: decimal('maker_fee').notNull(),
    takerFee: decimal('taker_fee').notNull(),
    open: boolean('open').notNull().default(true),
    /** Whether the built-in market maker quotes this market. */
    marketMaker: boolean('market_maker').notNull().default(true),
    priceSource: text('price_source', { enum: PRICE_SOURCES }).notNull().default('simulated'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('markets_symbol', sql`${table.symbol} = ${table.base} || ${table.quote}`),
    check(
      'markets_increments',
      sql`${table.tickSize} > 0 and ${table.lotSize} > 0 and ${table.minNotional} >= 0`,
    ),
    check(
      'markets_fees',
      sql`${table.makerFee} >= 0 and ${table.makerFee} < 1 and ${table.takerFee} >= 0 and ${table.takerFee} < 1`,
    ),
    check('markets_price_source', sql`${table.priceSource} in (${inList(PRICE_SOURCES)})`),
  ],
);

/**
 * OHLCV candles per market and interval, built from index ticks and trades; `source` tells generated history
 * ('simulated') from candles of a live exchange feed ('exchange').
 */
export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol')
      .notNull()
      .references(() => markets.symbol),
    interval: text('interval', { enum: CANDLE_INTERVALS }).notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    open: decimal('open').notNull(),
    high: decimal('high').notNull(),
    low: decimal('low').notNull(),
    close: decimal('close').notNull(),
    volume: decimal('volume').notNull(),
    /** Quote amount traded (Σ price × size), so that 24-hour turnover is exact rather than estimated. */
    turnover: decimal('turnover').notNull().default('0'),
    source: text('source', { enum: PRICE_SOURCES }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.interval, table.start] }),
    check('candles_interval', sql`${table.interval} in (${inList(CANDLE_INTERVALS)})`),
  ],
);
