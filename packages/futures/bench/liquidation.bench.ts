/**
 * How fast a price move finds the positions it liquidates (issue 18), in one process:
 *
 *   npm run bench:liquidation       (BENCH_POSITIONS, default 100,000; BENCH_SEED, default 42)
 *
 * Isolated positions of random sides, sizes (100 to 200,000 USDT) and leverages (2x to 100x, within the
 * market's brackets) are spread over eight perpetuals around their prices, each filed in a LiquidationIndex
 * under its liquidation price (untimed). Then one market's index falls by 10 %: from that new price, the time to
 * compute the mark price, find every position the mark reaches in the index and take them off it, beside two
 * full scans of all positions in the same run: one comparing each stored liquidation price with its market's
 * mark, one recomputing each position's margin against its maintenance margin at the mark. Runs alternate and the
 * median of each is printed. The index must find exactly what the first scan finds, and every position the
 * second finds under maintenance. The last line is JSON.
 */
import {
  compareDecimals,
  type Decimal,
  decimalOf,
  divideDecimals,
  formatDecimal,
  toStep,
} from '@kestrel/money';
import {
  ALT_BRACKETS,
  type Bracket,
  type IsolatedPosition,
  initialMargin,
  isolatedAccount,
  isolatedLiquidationPrice,
  LiquidationIndex,
  MAJOR_BRACKETS,
  marginAboveMaintenance,
  markPrice,
  maxLeverageFor,
} from '../src/index';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const SEED = Number(process.env.BENCH_SEED ?? 42);
const RUNS = 7;
const MOVED = 'BTCUSDT';

type Market = { symbol: string; price: string; tick: string; lot: string; brackets: readonly Bracket[] };
const MARKETS: Market[] = [
  { symbol: 'BTCUSDT', price: '95000.0', tick: '0.1', lot: '0.001', brackets: MAJOR_BRACKETS },
  { symbol: 'ETHUSDT', price: '3500.00', tick: '0.01', lot: '0.001', brackets: MAJOR_BRACKETS },
  { symbol: 'SOLUSDT', price: '180.00', tick: '0.01', lot: '0.01', brackets: ALT_BRACKETS },
  { symbol: 'BNBUSDT', price: '650.00', tick: '0.01', lot: '0.01', brackets: ALT_BRACKETS },
  { symbol: 'XRPUSDT', price: '2.2000', tick: '0.0001', lot: '0.1', brackets: ALT_BRACKETS },
  { symbol: 'DOGEUSDT', price: '0.35000', tick: '0.00001', lot: '1', brackets: ALT_BRACKETS },
  { symbol: 'TRXUSDT', price: '0.25000', tick: '0.00001', lot: '1', brackets: ALT_BRACKETS },
  { symbol: 'LTCUSDT', price: '100.00', tick: '0.01', lot: '0.001', brackets: ALT_BRACKETS },
];
const LEVERAGES = [2, 3, 5, 10, 20, 25, 50, 75, 100];

/** A small, fast, seeded generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Held = { id: number; market: Market; position: IsolatedPosition; liquidationPrice: Decimal | null };

/** A decimal of `places` places from a fraction in [0, 1) scaled to [low, high). */
function between(next: () => number, low: number, high: number, places: number): Decimal {
  const scale = 10 ** places;
  return { units: BigInt(Math.round((low + (high - low) * next()) * scale)), scale: places };
}

function openPositions(): Held[] {
  const next = random(SEED);
  const held: Held[] = [];
  for (let id = 0; id < POSITIONS; id += 1) {
    const market = MARKETS[id % MARKETS.length] as Market;
    const tick = decimalOf(market.tick);
    const reference = decimalOf(market.price);
    const entryPrice = toStep(
      divideDecimals(
        { units: reference.units * BigInt(Math.round(9_800 + 400 * next())), scale: reference.scale },
        decimalOf('10000'),
        reference.scale,
        'halfUp',
      ),
      tick,
      'halfUp',
    );
    const notional = between(next, 100, 200_000, 2);
    const size = toStep(divideDecimals(notional, entryPrice, 8, 'down'), decimalOf(market.lot), 'up');
    const leverage = Math.min(
      LEVERAGES[Math.floor(next() * LEVERAGES.length)] as number,
      maxLeverageFor(market.brackets, notional),
    );
    const position: IsolatedPosition = {
      side: next() < 0.5 ? 'long' : 'short',
      size,
      entryPrice,
      isolatedMargin: initialMargin(notional, leverage, 8),
    };
    const liquidationPrice = isolatedLiquidationPrice(position, market.brackets, tick);
    // A position its market's price already reaches would have been liquidated: draw another.
    const at = liquidationPrice === null ? 0 : compareDecimals(liquidationPrice, reference);
    if (liquidationPrice !== null && (position.side === 'long' ? at >= 0 : at <= 0)) {
      id -= 1;
      continue;
    }
    held.push({ id, market, position, liquidationPrice });
  }
  return held;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const sortIds = (ids: number[]) => [...ids].sort((a, b) => a - b);

function main() {
  const built = performance.now();
  const held = openPositions();
  const indexes = new Map(
    MARKETS.map((market) => [market.symbol, new LiquidationIndex<number>(decimalOf(market.tick).scale)]),
  );
  const file = () => {
    for (const { id, market, position, liquidationPrice } of held) {
      indexes.get(market.symbol)?.set(id, position.side, liquidationPrice);
    }
  };
  file();
  const setupMs = performance.now() - built;

  const moved = MARKETS.find((market) => market.symbol === MOVED) as Market;
  const fallen = divideDecimals(decimalOf(moved.price), decimalOf('1.1111111111'), 1, 'halfUp');
  const marks = new Map(MARKETS.map((market) => [market.symbol, decimalOf(market.price)]));
  const newMark = () =>
    markPrice({
      indexPrice: fallen,
      lastFundingRate: decimalOf('0.0001'),
      timeUntilFunding: 3 * 3_600_000,
      fundingInterval: 8 * 3_600_000,
      basisSamples: [],
      lastPrice: null,
      tickSize: decimalOf(moved.tick),
    });
  marks.set(MOVED, newMark());

  const indexRuns: number[] = [];
  const storedScanRuns: number[] = [];
  const marginScanRuns: number[] = [];
  let byIndex: number[] = [];
  let byStored: number[] = [];
  let byMargin: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // From the new index price: the mark, the positions it reaches, each taken off the index for the takeover.
    let started = performance.now();
    const mark = newMark();
    const index = indexes.get(MOVED) as LiquidationIndex<number>;
    const reached = index.takeReached(mark);
    indexRuns.push(performance.now() - started);
    byIndex = reached;
    for (const id of reached) {
      const { position, liquidationPrice } = held[id] as Held;
      index.set(id, position.side, liquidationPrice);
    }

    started = performance.now();
    const stored: number[] = [];
    for (const { id, market, position, liquidationPrice } of held) {
      if (liquidationPrice === null) continue;
      const at = compareDecimals(liquidationPrice, marks.get(market.symbol) as Decimal);
      if (position.side === 'long' ? at >= 0 : at <= 0) stored.push(id);
    }
    storedScanRuns.push(performance.now() - started);
    byStored = stored;

    started = performance.now();
    const under: number[] = [];
    for (const { id, market, position } of held) {
      const margin = marginAboveMaintenance(
        isolatedAccount(position),
        market.brackets,
        marks.get(market.symbol) as Decimal,
      );
      if (margin.units < 0n) under.push(id);
    }
    marginScanRuns.push(performance.now() - started);
    byMargin = under;
  }

  const found = new Set(byIndex);
  const sameAsScan = JSON.stringify(sortIds(byIndex)) === JSON.stringify(sortIds(byStored));
  const coversMaintenance = byMargin.every((id) => found.has(id));
  const result = {
    positions: POSITIONS,
    markets: MARKETS.length,
    moved: MOVED,
    new_mark: formatDecimal(marks.get(MOVED) as Decimal),
    reached: byIndex.length,
    under_maintenance: byMargin.length,
    index_detect_ms: Number(median(indexRuns).toFixed(3)),
    stored_scan_ms: Number(median(storedScanRuns).toFixed(3)),
    margin_scan_ms: Number(median(marginScanRuns).toFixed(3)),
    speedup_vs_margin_scan: Number((median(marginScanRuns) / median(indexRuns)).toFixed(1)),
    same_as_scan: sameAsScan,
    covers_maintenance: coversMaintenance,
    setup_ms: Math.round(setupMs),
  };
  console.log(
    `${POSITIONS.toLocaleString('en-US')} isolated positions over ${MARKETS.length} perpetuals; ${MOVED}'s index falls 10 %, its mark to ${result.new_mark}`,
  );
  console.log(
    `  index: mark, ${result.reached} positions reached and taken off  ${result.index_detect_ms} ms (median of ${RUNS})`,
  );
  console.log(`  full scan of stored liquidation prices                     ${result.stored_scan_ms} ms`);
  console.log(
    `  full scan recomputing margin against maintenance           ${result.margin_scan_ms} ms (${result.under_maintenance} under maintenance)`,
  );
  console.log(
    `  index finds what the scan finds: ${sameAsScan}; covers every position under maintenance: ${coversMaintenance}`,
  );
  console.log(JSON.stringify(result));
  if (!sameAsScan || !coversMaintenance) process.exitCode = 1;
}

main();
