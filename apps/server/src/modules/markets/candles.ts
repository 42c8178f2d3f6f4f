import {
  CANDLE_INTERVALS,
  CANDLE_SECONDS,
  type Candle,
  type CandleInterval,
  type MarketStats,
} from '@kestrel/contract';
import { changePercent, formatScaled, multiply, scaled } from './decimal';
import type { FeedMarket } from './price-feed';
import { Grid, modelOf, Random, volatilityPerSecond } from './simulated-feed';

/** Weeks start on Monday 00:00 UTC; the Unix epoch fell on a Thursday, four days after a Monday. */
const WEEK_OFFSET = 4 * 86_400;
const DAY = 86_400;

/** Start (Unix seconds) of the interval's candle that contains `at` (Unix seconds). */
export function bucketStart(at: number, interval: CandleInterval): number {
  const length = CANDLE_SECONDS[interval];
  const offset = interval === '1w' ? WEEK_OFFSET : 0;
  return at - ((((at - offset) % length) + length) % length);
}

/** A candle being built, in scaled bigints (decimal.ts). */
export type LiveCandle = {
  start: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  turnover: bigint;
};

/** A candle as stored: NUMERIC columns as decimal strings. */
export type StoredCandle = {
  interval: CandleInterval;
  start: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  turnover: string;
};

export function toLive(row: StoredCandle): LiveCandle {
  return {
    start: row.start,
    open: scaled(row.open),
    high: scaled(row.high),
    low: scaled(row.low),
    close: scaled(row.close),
    volume: scaled(row.volume),
    turnover: scaled(row.turnover),
  };
}

export function toStored(interval: CandleInterval, candle: LiveCandle): StoredCandle {
  const text = (value: bigint) => formatScaled(value, 18);
  return {
    interval,
    start: candle.start,
    open: text(candle.open),
    high: text(candle.high),
    low: text(candle.low),
    close: text(candle.close),
    volume: text(candle.volume),
    turnover: text(candle.turnover),
  };
}

/** How prices and sizes of a market are written on the wire: with the places of its tick and lot. */
export type Places = { price: number; size: number };

export function toWire(candle: LiveCandle, places: Places): Candle {
  return {
    time: candle.start,
    open: formatScaled(candle.open, places.price),
    high: formatScaled(candle.high, places.price),
    low: formatScaled(candle.low, places.price),
    close: formatScaled(candle.close, places.price),
    volume: formatScaled(candle.volume, places.size),
  };
}

const STATS_WINDOW = DAY;

/**
 * One market's candles as they form: the current candle of every interval, and the last day of one-minute
 * candles for the rolling 24-hour statistics. Every price observation (an index tick or a trade) updates all
 * eight intervals at once, so the intervals always agree with each other.
 */
export class CandleBook {
  readonly current = new Map<CandleInterval, LiveCandle>();
  /** Closed one-minute candles of the last 24 hours, oldest first. */
  private readonly minutes: LiveCandle[] = [];
  /** Candles changed since the last `takeDirty()`, by interval and start. */
  private readonly dirty = new Map<string, { interval: CandleInterval; candle: LiveCandle }>();
  last: bigint | undefined;

  /** Continues from what the database holds: the newest candle of each interval and the minutes of the last day. */
  restore(current: readonly StoredCandle[], minutes: readonly StoredCandle[], now: number) {
    for (const row of minutes) {
      if (row.start < bucketStart(now, '1m') && row.start >= now - STATS_WINDOW)
        this.minutes.push(toLive(row));
    }
    this.minutes.sort((a, b) => a.start - b.start);
    for (const row of current) {
      if (row.start === bucketStart(now, row.interval)) this.current.set(row.interval, toLive(row));
    }
    // The last price, even from long ago: a simulation resumes from it rather than from its starting price.
    const newest = [...current].sort(
      (a, b) => b.start - a.start || CANDLE_SECONDS[a.interval] - CANDLE_SECONDS[b.interval],
    )[0];
    this.last = newest ? scaled(newest.close) : this.minutes.at(-1)?.close;
  }

  /** Adds one observation: `price` with `size` traded at it (zero for a quote without a trade). */
  add(price: bigint, size: bigint, at: number): CandleInterval[] {
    const changed: CandleInterval[] = [];
    const turnover = multiply(price, size);
    for (const interval of CANDLE_INTERVALS) {
      const start = bucketStart(at, interval);
      let candle = this.current.get(interval);
      if (candle && start < candle.start) continue; // a late observation for a candle already closed
      if (!candle || start > candle.start) {
        if (candle && interval === '1m') this.minutes.push(candle);
        candle = { start, open: price, high: price, low: price, close: price, volume: 0n, turnover: 0n };
        this.current.set(interval, candle);
      }
      if (price > candle.high) candle.high = price;
      if (price < candle.low) candle.low = price;
      candle.close = price;
      candle.volume += size;
      candle.turnover += turnover;
      this.dirty.set(`${interval}:${start}`, { interval, candle });
      changed.push(interval);
    }
    this.last = price;
    return changed;
  }

  /** The candles changed since the last call, to be written. */
  takeDirty(): StoredCandle[] {
    const rows = [...this.dirty.values()].map(({ interval, candle }) => toStored(interval, candle));
    this.dirty.clear();
    return rows;
  }

  /** Rolling 24-hour statistics from the one-minute candles and the current one. */
  stats(now: number, places: Places): MarketStats {
    const from = now - STATS_WINDOW;
    while (this.minutes.length > 0 && (this.minutes[0]?.start ?? 0) < from) this.minutes.shift();
    const window = [...this.minutes];
    const minute = this.current.get('1m');
    if (minute && minute.start >= from) window.push(minute);
    const last = this.last ?? 0n;
    const first = window[0];
    if (!first) {
      const price = formatScaled(last, places.price);
      const zero = formatScaled(0n, places.size);
      return {
        last: price,
        open: price,
        high: price,
        low: price,
        volume: zero,
        turnover: '0.00',
        changePercent: '0.00',
      };
    }
    let high = first.high;
    let low = first.low;
    let volume = 0n;
    let turnover = 0n;
    for (const candle of window) {
      if (candle.high > high) high = candle.high;
      if (candle.low < low) low = candle.low;
      volume += candle.volume;
      turnover += candle.turnover;
    }
    return {
      last: formatScaled(last, places.price),
      open: formatScaled(first.open, places.price),
      high: formatScaled(high, places.price),
      low: formatScaled(low, places.price),
      volume: formatScaled(volume, places.size),
      turnover: formatScaled(turnover, 2),
      changePercent: changePercent(first.open, last),
    };
  }
}

// ---- Generated history for the simulated feed ----

type Region = { width: number; from: number; to: number };
type BaseCandle = {
  start: number;
  width: number;
  open: number;
  high: number;
  low: number;
  close: number;
  lots: number;
};

function alignDown(at: number, width: number, weekly = false): number {
  const offset = weekly ? WEEK_OFFSET : 0;
  return at - ((((at - offset) % width) + width) % width);
}

/**
 * The regions of generated history, oldest first: coarse far back, fine near now. Each boundary is aligned to
 * the coarser side's width, so every candle of every interval aggregates whole base candles.
 */
function regions(end: number, count: number): Region[] {
  // Five times as many one-minute candles as the others: enough five-minute ones, and a day at the default 300.
  const s1 = alignDown(end - count * 300, 900);
  const s2 = Math.min(alignDown(end - count * 1800, 3600), alignDown(s1, 3600));
  const s3 = Math.min(alignDown(end - count * 14_400, DAY), alignDown(s2, DAY));
  const s4 = Math.min(alignDown(end - count * 604_800, 604_800, true), alignDown(s3, 604_800, true));
  return [
    { width: DAY, from: s4, to: s3 },
    { width: 3600, from: s3, to: s2 },
    { width: 900, from: s2, to: s1 },
    { width: 60, from: s1, to: end },
  ];
}

const SUB_STEPS = 6;

/**
 * A plausible history ending at `endPrice` just before `end` (a minute's start, Unix seconds): for every interval
 * its last `count` candles (one-minute candles for at least a day), all aggregated from one walk, so a 1h candle
 * is exactly its four 15m candles. Deterministic for a seed.
 */
export function simulatedHistory(
  market: FeedMarket,
  options: { seed: string; end: number; endPrice: string; count: number },
): StoredCandle[] {
  const model = modelOf(market.symbol);
  const grid = new Grid(market);
  const random = new Random(`${options.seed}:${market.symbol}:history`);
  const sigma = volatilityPerSecond(model);
  // The walk in log price from 0; shifted at the end so that it finishes at the current price.
  const raw: {
    start: number;
    width: number;
    open: number;
    high: number;
    low: number;
    close: number;
    turnover: number;
  }[] = [];
  let x = 0;
  for (const region of regions(options.end, options.count)) {
    const step = sigma * Math.sqrt(region.width / SUB_STEPS);
    for (let start = region.from; start < region.to; start += region.width) {
      const open = x;
      let high = x;
      let low = x;
      for (let i = 0; i < SUB_STEPS; i++) {
        x += step * random.gaussian();
        if (x > high) high = x;
        if (x < low) low = x;
      }
      const turnover = model.turnoverPerSecond * region.width * Math.exp(0.5 * random.gaussian() - 0.125);
      raw.push({ start, width: region.width, open, high, low, close: x, turnover });
    }
  }
  const shift = Math.log(Number(options.endPrice)) - x;
  const base: BaseCandle[] = raw.map((candle) => {
    const close = Math.exp(candle.close + shift);
    return {
      start: candle.start,
      width: candle.width,
      open: grid.ticksOf(Math.exp(candle.open + shift)),
      high: grid.ticksOf(Math.exp(candle.high + shift)),
      low: grid.ticksOf(Math.exp(candle.low + shift)),
      close: grid.ticksOf(close),
      lots: grid.lotsOf(candle.turnover / close),
    };
  });

  // Aggregated in whole ticks and lots; only the candles kept are written out as decimals.
  const tick = scaled(market.tickSize);
  const lot = scaled(market.lotSize);
  const turnovers = base.map((candle) =>
    // Turnover at the candle's typical price: the generated history has no individual trades.
    multiply(
      BigInt(Math.round((candle.high + candle.low + candle.close) / 3)) * tick,
      BigInt(candle.lots) * lot,
    ),
  );
  type Bucket = {
    start: number;
    open: number;
    high: number;
    low: number;
    close: number;
    lots: number;
    turnover: bigint;
  };
  const rows: StoredCandle[] = [];
  for (const interval of CANDLE_INTERVALS) {
    const length = CANDLE_SECONDS[interval];
    const buckets: Bucket[] = [];
    let bucket: Bucket | undefined;
    base.forEach((candle, index) => {
      if (candle.width > length) return;
      const start = bucketStart(candle.start, interval);
      const turnover = turnovers[index] ?? 0n;
      if (bucket?.start !== start) {
        bucket = { ...candle, start, turnover };
        buckets.push(bucket);
        return;
      }
      if (candle.high > bucket.high) bucket.high = candle.high;
      if (candle.low < bucket.low) bucket.low = candle.low;
      bucket.close = candle.close;
      bucket.lots += candle.lots;
      bucket.turnover += turnover;
    });
    const keep = interval === '1m' ? options.count * 5 : options.count;
    for (const candle of buckets.slice(-keep)) {
      rows.push({
        interval,
        start: candle.start,
        open: grid.price(candle.open),
        high: grid.price(candle.high),
        low: grid.price(candle.low),
        close: grid.price(candle.close),
        volume: grid.size(candle.lots),
        turnover: formatScaled(candle.turnover, 18),
      });
    }
  }
  return rows;
}
