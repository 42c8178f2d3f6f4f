/**
 * How fast the liquidation engine settles what a price move reaches (issue 18), beside its ceiling, against
 * PostgreSQL; the second half of `npm run bench:liquidation` (the first, packages/futures/bench, times detection):
 *
 *   DATABASE_URL=postgres://… npm run bench:liquidation      (BENCH_LIQUIDATIONS per perpetual, default 4,000)
 *
 * 4,000 is about what the first half's 10 % fall reaches among its 100,000 positions (3,762 at seed 42).
 * Works in a scratch database it creates and drops. On each of two perpetuals, BTCUSDT and ETHUSDT, as many
 * traders as BENCH_LIQUIDATIONS open isolated 20x longs through the futures sequencer against one well-funded
 * cross short, and a bidder rests bids at 95.2 % of the price for half of their size (untimed). The mark then
 * falls 10 %: every long is under maintenance, and its bankruptcy price is 95 % of the price, so half of them
 * close in the book against the bids and the other half are deleveraged against the short.
 *
 * - The engine, on BTCUSDT: from the positions found in the index to every one taken over and committed
 *   (`FuturesLiquidation.liquidate`: the reads of the accounts, the cancel step, matching, auto-deleveraging and
 *   the settlement, in the sequencer's order).
 * - The ceiling, on ETHUSDT: the same takeovers computed by the same engine beforehand (untimed), then only their
 *   writes, through the same statements (`FuturesSequencer.takeOver` persisting the settlement as it stands).
 *
 * The last line is JSON: {"liquidations","settled_per_s","ceiling_per_s","ratio"}; the goal is a ratio of at
 * least 0.5.
 */
import { orderCost } from '@kestrel/futures';
import type { Units } from '@kestrel/money';
import { type Decimal, decimalOf, formatDecimal, multiplyDecimals, toStep, unitsAt } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { users } from '../src/modules/auth/auth.schema';
import { FuturesBook } from '../src/modules/futures/futures-book';
import { FuturesLiquidation } from '../src/modules/futures/futures-liquidation';
import { type FuturesMarketConfig, FuturesMarkets } from '../src/modules/futures/futures-markets';
import { FuturesMarketsRepository } from '../src/modules/futures/futures-markets.repository';
import { FuturesOrdersRepository } from '../src/modules/futures/futures-orders.repository';
import { FuturesRisk } from '../src/modules/futures/futures-risk';
import { type FuturesOrderRequest, FuturesSequencer } from '../src/modules/futures/futures-sequencer';
import { FuturesSettlement } from '../src/modules/futures/futures-settlement';
import { spotMarketsOf } from '../src/modules/futures/test-futures';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository';
import { LedgerService } from '../src/modules/ledger/ledger.service';
import { scratchDatabase } from './scratch-database';

const LIQUIDATIONS = Number(process.env.BENCH_LIQUIDATIONS ?? 4000);
const LEVERAGE = 20;
const PERPETUALS = [
  { symbol: 'BTCUSDT', price: '50000', size: '0.01' },
  { symbol: 'ETHUSDT', price: '3000', size: '0.1' },
] as const;

type Perpetual = (typeof PERPETUALS)[number];

async function main() {
  const scratch = await scratchDatabase();
  const { name } = scratch;
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  try {
    const ledger = new LedgerService(new LedgerRepository(database.trading));
    const repository = new FuturesOrdersRepository(database.db);
    const markets = new FuturesMarkets(new FuturesMarketsRepository(database.db), {
      markets: () => spotMarkets,
    });
    const spotMarkets = await spotMarketsOf(database.db);
    await markets.load();
    const places = (await ledger.assets()).get('USDT') as number;
    const marks = new Map<string, Decimal>();
    const markOf = (symbol: string) => marks.get(symbol);
    const sequencer = new FuturesSequencer(
      repository,
      ledger,
      'USDT',
      () => undefined,
      async () => undefined,
    );
    const risk = new FuturesRisk(ledger, repository, markets, markOf);
    const liquidation = new FuturesLiquidation(repository, ledger, risk, markets, sequencer, markOf);

    const books = new Map<string, FuturesBook>();
    for (const perpetual of PERPETUALS) {
      const market = markets.market(perpetual.symbol) as FuturesMarketConfig;
      marks.set(perpetual.symbol, decimalOf(perpetual.price));
      const book = new FuturesBook(market, places, 0n);
      await sequencer.recover(book);
      books.set(perpetual.symbol, book);
      await open(database, ledger, sequencer, book, market, perpetual, places);
      await liquidation.watch(book);
    }
    process.stdout.write(
      `PostgreSQL ${name}: ${LIQUIDATIONS} isolated ${LEVERAGE}x longs on each of ${PERPETUALS.map((item) => item.symbol).join(', ')}\n`,
    );

    // The ceiling: ETHUSDT's takeovers computed first, then only written.
    const eth = books.get('ETHUSDT') as FuturesBook;
    fall(marks, 'ETHUSDT');
    const ethWatches = liquidation.take(eth, marks.get('ETHUSDT') as Decimal);
    const computed: FuturesSettlement[] = [];
    const dryRun = new FuturesLiquidation(
      repository,
      ledger,
      risk,
      markets,
      {
        takeOver: async (_book, match) => {
          const settlement = new FuturesSettlement();
          await match(settlement);
          computed.push(settlement);
        },
      },
      markOf,
    );
    await dryRun.liquidate(eth, ethWatches);
    const ceilingStarted = performance.now();
    for (const settlement of computed)
      await sequencer.takeOver(eth, async (fresh) => replay(settlement, fresh));
    const ceilingSeconds = (performance.now() - ceilingStarted) / 1000;

    // The engine: BTCUSDT's takeovers from the index to committed.
    const btc = books.get('BTCUSDT') as FuturesBook;
    fall(marks, 'BTCUSDT');
    const detectionStarted = performance.now();
    const btcWatches = liquidation.take(btc, marks.get('BTCUSDT') as Decimal);
    const settleStarted = performance.now();
    await liquidation.liquidate(btc, btcWatches);
    const settleSeconds = (performance.now() - settleStarted) / 1000;

    const left = await database.db.execute(
      sql`select symbol, count(*)::int as open from futures_positions where size > 0 and side = 'long' group by symbol`,
    );
    const problems = (await new LedgerService(new LedgerRepository(database.db)).check()).problems;
    const settled = btcWatches.length;
    const settledPerSecond = settled / settleSeconds;
    const ceilingPerSecond = ethWatches.length / ceilingSeconds;
    process.stdout.write(
      `found ${settled} positions in ${(settleStarted - detectionStarted).toFixed(2)} ms; open longs left: ${JSON.stringify((left as unknown as { rows: unknown[] }).rows)}; ledger check: ${problems.length === 0 ? 'sound' : JSON.stringify(problems)}\n`,
    );
    process.stdout.write(
      `engine: ${settled} takeovers settled in ${(settleSeconds * 1000).toFixed(0)} ms (${settledPerSecond.toFixed(0)}/s); ceiling: ${ethWatches.length} in ${(ceilingSeconds * 1000).toFixed(0)} ms (${ceilingPerSecond.toFixed(0)}/s)\n`,
    );
    process.stdout.write(
      `${JSON.stringify({
        liquidations: settled,
        settled_per_s: Math.round(settledPerSecond),
        ceiling_per_s: Math.round(ceilingPerSecond),
        ratio: Number((settledPerSecond / ceilingPerSecond).toFixed(2)),
      })}\n`,
    );
    await sequencer.stop();
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** The mark 10 % below the price. */
function fall(marks: Map<string, Decimal>, symbol: string) {
  const perpetual = PERPETUALS.find((item) => item.symbol === symbol) as Perpetual;
  marks.set(symbol, multiplyDecimals(decimalOf(perpetual.price), decimalOf('0.9')));
}

/** Moves what a settlement computed beforehand holds into the sequencer's fresh one, to be written as it is. */
async function replay(from: FuturesSettlement, to: FuturesSettlement) {
  to.fills.push(...from.fills);
  for (const [id, entry] of from.touched) to.touched.set(id, entry);
  for (const order of from.ended) to.ended.add(order);
  for (const book of from.depthChanged) to.depthChanged.add(book);
  to.inserted.push(...from.inserted);
  to.clearances.push(...from.clearances);
}

/**
 * The positions of one perpetual: a cross short for all of them resting at the price, the longs taking it, and
 * bids at 95.2 % of the price for half of the longs' size.
 */
async function open(
  database: Awaited<ReturnType<typeof openDatabase>>,
  ledger: LedgerService,
  sequencer: FuturesSequencer,
  book: FuturesBook,
  market: FuturesMarketConfig,
  perpetual: Perpetual,
  places: number,
) {
  const ids = (
    await database.db
      .insert(users)
      .values(
        Array.from({ length: LIQUIDATIONS + 2 }, (_, index) => ({
          email: `${perpetual.symbol.toLowerCase()}${index}@bench.test`,
          passwordHash: 'not-a-hash',
          inviteCode: `${perpetual.symbol}${index}`,
        })),
      )
      .returning({ id: users.id })
  ).map((row) => row.id);
  const [short, bidder, ...longs] = ids as [number, number, ...number[]];
  const price = decimalOf(perpetual.price);
  const size = decimalOf(perpetual.size);
  const notional = multiplyDecimals(price, size);
  for (const [userId, amount] of [
    [short, '10000000'],
    [bidder, '10000000'],
    ...longs.map((userId) => [userId, formatDecimal(multiplyDecimals(notional, decimalOf('0.1')))] as const),
  ] as const) {
    await ledger.execute({
      type: 'credit',
      kind: 'deposit',
      from: 'deposits_clearing',
      userId,
      account: 'futures',
      asset: 'USDT',
      amount,
      reference: `bench-deposit-${userId}`,
      actor: 'system',
    });
  }
  const request = (
    userId: number,
    action: 'openLong' | 'openShort',
    at: Decimal,
    amount: Decimal,
    marginMode: 'cross' | 'isolated',
  ): FuturesOrderRequest => {
    const cost = orderCost(
      {
        side: action === 'openLong' ? 'long' : 'short',
        price: at,
        size: amount,
        leverage: LEVERAGE,
        markPrice: price,
        takerFeeRate: market.takerFee,
      },
      places,
    ).cost;
    return {
      userId,
      reference: null,
      cost: unitsAt(cost, places, 'up') as Units,
      row: {
        userId,
        symbol: market.symbol,
        action,
        side: action === 'openLong' ? 'buy' : 'sell',
        type: 'limit',
        timeInForce: 'GTC',
        postOnly: false,
        price: formatDecimal(at),
        size: formatDecimal(amount),
        leverage: LEVERAGE,
        marginMode,
        frozenAmount: formatDecimal(cost),
        origin: 'user',
        takeProfit: null,
        stopLoss: null,
      },
    };
  };
  const total = multiplyDecimals(size, decimalOf(String(LIQUIDATIONS)));
  await sequencer.place(book, request(short, 'openShort', price, total, 'cross'));
  await Promise.all(
    longs.map((userId) => sequencer.place(book, request(userId, 'openLong', price, size, 'isolated'))),
  );
  const bid = toStep(multiplyDecimals(price, decimalOf('0.952')), market.tickSize, 'up');
  const half = multiplyDecimals(size, decimalOf(String(Math.floor(LIQUIDATIONS / 2))));
  await sequencer.place(book, request(bidder, 'openLong', bid, half, 'cross'));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:liquidation failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
