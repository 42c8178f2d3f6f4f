import { CANDLE_INTERVALS, CANDLE_SECONDS, type CandleInterval } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  CandleBook,
  type LiveCandle,
  type StoredCandle,
  simulatedHistory,
  toLive,
} from './candles';
import { changePercent, scaled } from './decimal';

const PLACES = { price: 2, size: 5 };
const MONDAY = Date.UTC(2026, 0, 5) / 1000;

function aggregate(parts: readonly LiveCandle[]) {
  const [first] = parts;
  if (!first) throw new Error('nothing to aggregate');
  return {
    open: first.open,
    high: parts.reduce((max, part) => (part.high > max ? part.high : max), first.high),
    low: parts.reduce((min, part) => (part.low < min ? part.low : min), first.low),
    close: parts.at(-1)?.close,
    volume: parts.reduce((sum, part) => sum + part.volume, 0n),
  };
}

describe('candle intervals', () => {
  it('start weeks on Monday 00:00 UTC and the others on multiples of their length', () => {
    const thursday = MONDAY + 3 * 86_400 + 5 * 3600 + 17;
    expect(bucketStart(thursday, '1w')).toBe(MONDAY);
    expect(bucketStart(MONDAY, '1w')).toBe(MONDAY);
    expect(bucketStart(MONDAY - 1, '1w')).toBe(MONDAY - 7 * 86_400);
    expect(bucketStart(thursday, '4h')).toBe(MONDAY + 3 * 86_400 + 4 * 3600);
    expect(bucketStart(thursday, '1m')).toBe(thursday - 17);
  });
});

describe('a candle book', () => {
  it('builds every interval from the same observations, so each interval aggregates the shorter ones', () => {
    const sut = new CandleBook();
    const minutes: StoredCandle[] = [];
    let price = 100_000n;
    // Two and a half hours of observations every 20 seconds, with a varying price and size.
    for (let at = MONDAY; at < MONDAY + 9000; at += 20) {
      price += BigInt(((at * 7919) % 23) - 11);
      sut.add(price * 10n ** 16n, BigInt(at % 7) * 10n ** 13n, at);
      minutes.push(...sut.takeDirty().filter((row) => row.interval === '1m'));
    }
    const byStart = new Map(minutes.map((row) => [row.start, toLive(row)]));
    const oneMinute = [...byStart.values()];
    const firstHour = oneMinute.filter((candle) => candle.start < MONDAY + 3600);
    const hour = sut.current.get('1h');
    expect(hour?.start).toBe(MONDAY + 7200);
    const secondHourRows = oneMinute.filter((c) => c.start >= MONDAY + 3600 && c.start < MONDAY + 7200);
    expect(secondHourRows).toHaveLength(60);
    expect(firstHour).toHaveLength(60);
    const fourHour = sut.current.get('4h');
    expect(fourHour && aggregate([fourHour])).toEqual(aggregate(oneMinute));
    const week = sut.current.get('1w');
    expect(week?.start).toBe(MONDAY);
    expect(week && aggregate([week])).toEqual(aggregate(oneMinute));
  });

  it('ignores an observation for a candle that has already closed', () => {
    const sut = new CandleBook();
    sut.add(scaled('10'), scaled('1'), MONDAY + 120);
    sut.add(scaled('99'), scaled('1'), MONDAY + 30);
    expect(sut.current.get('1m')).toMatchObject({
      start: MONDAY + 120,
      high: scaled('10'),
      volume: scaled('1'),
    });
    expect(sut.current.get('1h')).toMatchObject({ high: scaled('99'), volume: scaled('2') });
  });

  it('gives rolling 24-hour statistics from the one-minute candles and the current one', () => {
    const sut = new CandleBook();
    sut.add(scaled('50'), scaled('1'), MONDAY); // falls out of the window
    sut.add(scaled('100'), scaled('2'), MONDAY + 3600);
    sut.add(scaled('120'), scaled('1'), MONDAY + 7200);
    sut.add(scaled('90'), scaled('0.5'), MONDAY + 86_400 + 100);
    const stats = sut.stats(MONDAY + 86_400 + 110, PLACES);
    expect(stats).toEqual({
      last: '90.00',
      open: '100.00',
      high: '120.00',
      low: '90.00',
      volume: '3.50000',
      turnover: '365.00',
      changePercent: '-10.00',
    });
  });

  it('continues the current candles and the last day from what was stored', () => {
    const first = new CandleBook();
    first.add(scaled('100'), scaled('1'), MONDAY + 10);
    first.add(scaled('101'), scaled('1'), MONDAY + 70);
    const stored = first.takeDirty();
    const sut = new CandleBook();
    sut.restore(
      stored.filter((row) => row.start === bucketStart(MONDAY + 80, row.interval)),
      stored.filter((row) => row.interval === '1m'),
      MONDAY + 80,
    );
    sut.add(scaled('105'), scaled('1'), MONDAY + 90);
    expect(sut.current.get('1h')).toMatchObject({
      open: scaled('100'),
      high: scaled('105'),
      volume: scaled('3'),
    });
    expect(sut.stats(MONDAY + 95, PLACES)).toMatchObject({
      open: '100.00',
      last: '105.00',
      changePercent: '5.00',
    });
  });
});

describe('a candle book restored after a long pause', () => {
  it('knows the last price but starts new candles and an empty day', () => {
    const old = new CandleBook();
    old.add(scaled('100'), scaled('1'), MONDAY);
    old.add(scaled('107'), scaled('1'), MONDAY + 30);
    const sut = new CandleBook();
    const later = MONDAY + 10 * 86_400;
    sut.restore(old.takeDirty(), [], later);
    expect(sut.last).toBe(scaled('107'));
    expect(sut.current.size).toBe(0);
    expect(sut.stats(later, PLACES)).toMatchObject({ last: '107.00', open: '107.00', volume: '0.00000' });
  });
});

describe('percentage change', () => {
  it('rounds half away from zero to two decimals', () => {
    expect(changePercent(scaled('3'), scaled('4'))).toBe('33.33');
    expect(changePercent(scaled('3'), scaled('2'))).toBe('-33.33');
    expect(changePercent(scaled('8'), scaled('8.0004'))).toBe('0.01');
    expect(changePercent(scaled('8'), scaled('8'))).toBe('0.00');
    expect(changePercent(0n, scaled('8'))).toBe('0.00');
  });
});

describe('generated history', () => {
  const market = { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.00001' };
  const end = MONDAY + 3 * 86_400 + 10 * 3600 + 17 * 60;
  const rows = simulatedHistory(market, { seed: 'history', end, endPrice: '95000.00', count: 12 });
  const of = (interval: CandleInterval) => rows.filter((row) => row.interval === interval);

  it('has the asked number of candles of every interval, five times as many minutes, ending at the price', () => {
    for (const interval of CANDLE_INTERVALS) {
      expect(of(interval)).toHaveLength(interval === '1m' ? 60 : 12);
      for (const row of of(interval)) expect(row.start).toBe(bucketStart(row.start, interval));
    }
    expect(of('1m').at(-1)?.start).toBe(end - 60);
    expect(of('1m').at(-1)?.close).toBe('95000.00');
  });

  it('is deterministic for a seed', () => {
    expect(simulatedHistory(market, { seed: 'history', end, endPrice: '95000.00', count: 12 })).toEqual(rows);
    expect(simulatedHistory(market, { seed: 'other', end, endPrice: '95000.00', count: 12 })).not.toEqual(
      rows,
    );
  });

  it('makes each longer candle exactly the aggregate of the shorter ones inside it', () => {
    const pairs: [CandleInterval, CandleInterval][] = [
      ['1m', '5m'],
      ['15m', '30m'],
      ['1h', '4h'],
      ['1d', '1w'],
    ];
    let checked = 0;
    for (const [short, long] of pairs) {
      const shorter = of(short).map(toLive);
      for (const candle of of(long).map(toLive)) {
        const inside = shorter.filter(
          (part) => part.start >= candle.start && part.start < candle.start + CANDLE_SECONDS[long],
        );
        // Only candles whose whole span the shorter interval's history covers.
        if (inside.length !== CANDLE_SECONDS[long] / CANDLE_SECONDS[short]) continue;
        expect(aggregate([candle])).toEqual(aggregate(inside));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(4);
  });
});
