/**
 * The ceiling of bench:orders: the writes the server makes for the same orders, batched and pipelined as its spot
 * sequencer batches them, with nothing else. Orders queue up; each batch (up to the sequencer's 256) is stored
 * with its funds frozen in one statement (`LedgerService.freezeAll` carrying `SpotRepository.ordersInsert`, its
 * ids taken from the order sequence a block ahead), then matched by a few lines here (each order fills against the
 * oldest resting order of the other side in its market, or rests) and settled in one statement
 * (`LedgerService.settle` carrying `SpotRepository.settlementWrites`); while one batch's settlement commits, the
 * next batch is stored, and it is matched once that settlement has committed. An order is answered when its
 * batch's settlement has committed. What this leaves out of the server's path is HTTP, sessions, validation, the
 * engine, the sequencer's bookkeeping and publishing.
 */

import { ticksOf } from '@kestrel/engine';
import type { Units } from '@kestrel/money';
import { formatAmount } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { NO_DISCOUNT } from '../src/fees/fee-discounts';
import { type LedgerActor, LedgerRepository, LedgerService, type TradeEntry } from '../src/modules/ledger';
import { SpotRepository } from '../src/modules/spot';
import type { NewOrderRow, NewTradeRow, OrderUpdate, RawOrder } from '../src/modules/spot/spot.repository';
import { RESERVATION_PURPOSE } from '../src/modules/spot/spot.schema';
import { MarketMath } from '../src/modules/spot/spot-math';

/** The sequencer's batch limit (MAX_BATCH in spot-sequencer.ts). */
export const MAX_BATCH = 256;

/** A limit order as the bench's workers place it. */
export type BenchOrder = { symbol: string; side: 'buy' | 'sell'; price: string; size: string };

type Pending = {
  userId: number;
  accountId: number;
  math: MarketMath;
  order: BenchOrder;
  ticks: number;
  lots: number;
  frozenUnits: Units;
  frozenAsset: string;
  id?: bigint;
  resolve: () => void;
  reject: (error: unknown) => void;
};

type Batch = {
  trades: TradeEntry[];
  tradeRows: NewTradeRow[];
  closes: string[];
  /** Each touched order's last state, by id (an order resting and taken in one batch is written once). */
  updates: Map<bigint, OrderUpdate>;
  orders: Pending[];
};

export type Ceiling = {
  place(userId: number, order: BenchOrder): Promise<void>;
  /** Orders a batch takes at most: the server's MAX_BATCH unless set lower. */
  maxBatch: number;
  /** Orders per batch, one entry per batch since the last call. */
  takeBatchSizes(): number[];
};

export async function ceilingOf(database: Database, userIds: readonly number[]): Promise<Ceiling> {
  // On the server's trading connections, as its sequencer's ledger is (app.ts).
  const ledger = new LedgerService(new LedgerRepository(database.trading));
  const repository = new SpotRepository(database.trading);
  const precisions = await ledger.assets();
  const accounts = await ledger.userAccountIds(userIds, 'spot');
  const maths = new Map<string, MarketMath>();
  const result = (await database.db.execute(
    // Amounts as the markets module hands them to trading: without trailing zeros.
    sql.raw(`select symbol, base, quote, open,
       ${['tick_size', 'lot_size', 'min_notional', 'maker_fee', 'taker_fee']
         .map((column) => `trim(trailing '.' from trim(trailing '0' from ${column}::text)) as ${column}`)
         .join(', ')}
     from markets`),
  )) as unknown as {
    rows: Array<Record<string, string> & { open: boolean }>;
  };
  for (const row of result.rows) {
    const market = {
      symbol: row.symbol as string,
      base: row.base as string,
      quote: row.quote as string,
      tickSize: row.tick_size as string,
      lotSize: row.lot_size as string,
      minNotional: row.min_notional as string,
      makerFee: row.maker_fee as string,
      takerFee: row.taker_fee as string,
      open: row.open,
    };
    maths.set(
      market.symbol,
      new MarketMath(market, precisions.get(market.base) as number, precisions.get(market.quote) as number),
    );
  }

  // Written under each market's leadership epoch, as the server's books write (decision 0044): the app leads them.
  const epochs = await repository.leadershipEpochs([...maths.keys()]);
  const epochOf = (symbol: string) => epochs.get(symbol) ?? 0n;

  const resting = new Map<string, { buy: Pending[]; sell: Pending[] }>();
  const queue: Pending[] = [];
  const ids: bigint[] = [];
  let batchSizes: number[] = [];
  let running: Promise<void> | undefined;

  const takeIds = async (count: number) => {
    if (ids.length < count) ids.push(...(await repository.takeIds(Math.max(count - ids.length, MAX_BATCH))));
    return ids.splice(0, count);
  };

  /** Stores the batch's orders with their funds frozen, in one statement when every order fits. */
  const store = async (orders: Pending[]) => {
    const taken = await takeIds(orders.length);
    orders.forEach((order, index) => {
      order.id = taken[index];
    });
    const requests = orders.map((order) => ({
      accountId: order.accountId,
      asset: order.frozenAsset,
      units: order.frozenUnits,
      reference: String(order.id),
      actor: `user:${order.userId}` as LedgerActor,
    }));
    const options = {
      flushedByLaterCommit: true,
      alongside: (frozen: readonly boolean[]) =>
        repository.ordersInsert(
          orders.flatMap((order, index) =>
            frozen[index] ? [rowOf(order, epochOf(order.order.symbol))] : [],
          ),
        ),
    };
    const rows =
      (await ledger.freezeAll<RawOrder>(RESERVATION_PURPOSE, requests, options)) ??
      (await ledger.batch((batch) => batch.freeze<RawOrder>(RESERVATION_PURPOSE, requests, options))).rows;
    if (rows.length !== orders.length) throw new Error('an order of the ceiling did not fit its funds');
  };

  /** Matches the batch in arrival order: a fill against the oldest resting order of the other side, or a rest. */
  const match = (orders: Pending[]): Batch => {
    const batch: Batch = { trades: [], tradeRows: [], closes: [], updates: new Map(), orders };
    for (const taker of orders) {
      const math = taker.math;
      const book = resting.get(taker.order.symbol) ?? { buy: [], sell: [] };
      resting.set(taker.order.symbol, book);
      const maker = (taker.order.side === 'buy' ? book.sell : book.buy).shift();
      if (!maker) {
        book[taker.order.side].push(taker);
        batch.updates.set(taker.id as bigint, {
          id: taker.id as bigint,
          filledSize: math.formatBase(0n),
          filledTotal: math.formatQuote(0n),
          status: 'open',
          epoch: epochOf(taker.order.symbol),
        });
        continue;
      }
      const baseUnits = math.baseUnits(taker.lots);
      const quoteUnits = math.quoteUnits(maker.ticks, taker.lots);
      const [buyer, seller] = taker.order.side === 'buy' ? [taker, maker] : [maker, taker];
      const buyerFee = math.fee(baseUnits, math.marketRate(buyer === taker ? 'taker' : 'maker'));
      const sellerFee = math.fee(quoteUnits, math.marketRate(seller === taker ? 'taker' : 'maker'));
      const reference = `ceiling:${taker.id}:${maker.id}`;
      batch.trades.push({
        reference,
        actor: `user:${taker.userId}`,
        base: math.market.base,
        quote: math.market.quote,
        baseUnits,
        quoteUnits,
        buyerFee,
        sellerFee,
        buyer: { accountId: buyer.accountId, reservation: String(buyer.id) },
        seller: { accountId: seller.accountId, reservation: String(seller.id) },
      });
      batch.tradeRows.push({
        symbol: taker.order.symbol,
        takerOrderId: taker.id as bigint,
        makerOrderId: maker.id as bigint,
        takerUserId: taker.userId,
        makerUserId: maker.userId,
        takerSide: taker.order.side,
        price: maker.order.price,
        size: taker.order.size,
        quoteAmount: math.formatQuote(quoteUnits),
        makerFee: buyer === maker ? math.formatBase(buyerFee) : math.formatQuote(sellerFee),
        takerFee: buyer === taker ? math.formatBase(buyerFee) : math.formatQuote(sellerFee),
        tradeKey: reference,
      });
      for (const filled of [taker, maker]) {
        batch.updates.set(filled.id as bigint, {
          id: filled.id as bigint,
          filledSize: math.formatBase(baseUnits),
          filledTotal: math.formatQuote(quoteUnits),
          status: 'filled',
          epoch: epochOf(filled.order.symbol),
        });
        batch.closes.push(String(filled.id));
      }
    }
    return batch;
  };

  const settle = async (batch: Batch) => {
    try {
      await ledger.settle<RawOrder>(
        RESERVATION_PURPOSE,
        batch.trades,
        batch.closes,
        repository.settlementWrites(batch.tradeRows, [...batch.updates.values()]),
      );
    } catch (error) {
      for (const order of batch.orders) order.reject(error);
      return;
    }
    for (const order of batch.orders) order.resolve();
  };

  /** The sequencer's pipeline: the next batch is stored while the last one settles. */
  const drain = async () => {
    let previous: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        if (queue.length === 0) {
          // An order queued while the last settlement commits is taken in the next turn, not left behind.
          await previous;
          if (queue.length === 0) break;
          continue;
        }
        const orders = queue.splice(0, ceiling.maxBatch);
        batchSizes.push(orders.length);
        try {
          await store(orders);
        } catch (error) {
          for (const order of orders) order.reject(error);
          continue;
        }
        await previous;
        previous = settle(match(orders));
      }
    } finally {
      running = undefined;
    }
  };

  const place = (userId: number, order: BenchOrder) =>
    new Promise<void>((resolve, reject) => {
      const math = maths.get(order.symbol);
      const accountId = accounts.get(userId);
      const ticks = math && ticksOf(order.price, math.market.tickSize);
      if (!math || accountId === undefined || ticks === undefined)
        throw new Error(`the ceiling cannot place ${JSON.stringify(order)}`);
      const lots = math.lotsOfBase(math.parseBase(order.size));
      const buy = order.side === 'buy';
      queue.push({
        userId,
        accountId,
        math,
        order,
        ticks,
        lots,
        frozenUnits: buy ? math.quoteUnits(ticks, lots, 'up') : math.baseUnits(lots),
        frozenAsset: buy ? math.market.quote : math.market.base,
        resolve,
        reject,
      });
      if (!running) running = drain();
    });

  const ceiling: Ceiling = {
    place,
    maxBatch: MAX_BATCH,
    takeBatchSizes() {
      const sizes = batchSizes;
      batchSizes = [];
      return sizes;
    },
  };
  return ceiling;
}

function rowOf(order: Pending, epoch: bigint): NewOrderRow {
  const { math } = order;
  return {
    id: order.id as bigint,
    userId: order.userId,
    symbol: order.order.symbol,
    side: order.order.side,
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: order.order.price,
    size: order.order.size,
    total: null,
    frozenAsset: order.frozenAsset,
    frozenAmount: formatAmount(
      order.frozenUnits,
      order.frozenAsset === math.market.quote ? math.quotePrecision : math.basePrecision,
    ),
    ...math.ratesFor(NO_DISCOUNT),
    reference: null,
    epoch,
  };
}
