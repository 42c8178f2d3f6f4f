import { MAJOR_BRACKETS } from '@kestrel/futures';
import { type Decimal, decimalOf, formatShortest } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import type { FuturesMarketConfig } from './futures-markets';
import { MarkPriceTracker, type MarkSample, nextFundingTimeAfter } from './mark-price';

const d = decimalOf;
const text = (value: Decimal) => formatShortest(value);

const BTC: FuturesMarketConfig = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: d('0.01'),
  lotSize: d('0.001'),
  minNotional: d('5'),
  makerFee: d('0.0002'),
  takerFee: d('0.0005'),
  brackets: [...MAJOR_BRACKETS],
  open: true,
  marketMaker: true,
  fundingIntervalHours: 8,
  interestRate: d('0.0001'),
  fundingCap: d('0.0075'),
};

const at = (iso: string) => Date.parse(iso);

function emptyBook(index: string): MarkSample {
  return { indexPrice: d(index), bestBid: null, bestAsk: null, lastPrice: null, bids: [], asks: [] };
}

/** A book one level deep on each side, deep enough for the impact notional (200 × 125 = 25,000 USDT). */
function bookAt(index: string, bid: string, ask: string, last: string | null = null): MarkSample {
  return {
    indexPrice: d(index),
    bestBid: d(bid),
    bestAsk: d(ask),
    lastPrice: last === null ? null : d(last),
    bids: [{ price: d(bid), size: d('10') }],
    asks: [{ price: d(ask), size: d('10') }],
  };
}

describe('nextFundingTimeAfter', () => {
  it('is the next multiple of the interval from 00:00 UTC, and the next midnight past the last one', () => {
    expect(nextFundingTimeAfter(at('2026-01-01T00:00:00Z'), 8).toISOString()).toBe(
      '2026-01-01T08:00:00.000Z',
    );
    expect(nextFundingTimeAfter(at('2026-01-01T07:59:59Z'), 8).toISOString()).toBe(
      '2026-01-01T08:00:00.000Z',
    );
    expect(nextFundingTimeAfter(at('2026-01-01T23:00:00Z'), 8).toISOString()).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(nextFundingTimeAfter(at('2026-01-01T21:00:00Z'), 5).toISOString()).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(nextFundingTimeAfter(at('2026-01-01T13:30:00Z'), 4).toISOString()).toBe(
      '2026-01-01T16:00:00.000Z',
    );
  });
});

describe('MarkPriceTracker', () => {
  it('without a book or trades marks the index carried by the interest rate over the share of the interval left', () => {
    const tracker = new MarkPriceTracker(BTC, () => at('2026-01-01T04:00:00Z'));
    const mark = tracker.sample(emptyBook('50000'));
    // No premium: F = 0 + clamp(0.0001 − 0, ±0.0005) = 0.0001; Price 1 = 50,000 × (1 + 0.0001 × 4/8).
    expect(text(mark.fundingRate)).toBe('0.0001');
    expect(text(mark.markPrice)).toBe('50002.5');
    expect(mark.nextFundingTime.toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(mark.stale).toBe(false);
    expect(mark.symbol).toBe('BTCUSDT');
  });

  it('takes the median of the funding price, the index plus the basis and the last price', () => {
    const tracker = new MarkPriceTracker(BTC, () => at('2026-01-01T04:00:00Z'));
    // Impact bid 50,010 above the index: premium (10 − 0) / 50,000 = 0.0002; F = 0.0002 + clamp(−0.0001) = 0.0001.
    const mark = tracker.sample(bookAt('50000', '50010', '50020', '50005'));
    expect(text(mark.fundingRate)).toBe('0.0001');
    // Price 1 = 50,002.5; Price 2 = 50,000 + 15; last 50,005: the median is 50,005.
    expect(text(mark.markPrice)).toBe('50005');
  });

  it('weighs later premium samples more, sampling at most every five seconds, and clamps toward the interest', () => {
    let now = at('2026-01-01T01:00:00Z');
    const tracker = new MarkPriceTracker(BTC, () => now);
    // Impact bid 50,100: premium 0.002.
    tracker.sample(bookAt('50000', '50100', '50110'));
    expect(text(tracker.averagePremium())).toBe('0.002');
    // F = 0.002 + clamp(0.0001 − 0.002, ±0.0005) = 0.0015.
    expect(text(tracker.fundingRate())).toBe('0.0015');
    now += 1_000;
    tracker.sample(bookAt('50000', '50000', '50010'));
    expect(text(tracker.averagePremium())).toBe('0.002');
    now += 5_000;
    // Flat book: premium 0, weighted (1 × 0.002 + 2 × 0) / 3.
    tracker.sample(bookAt('50000', '50000', '50010'));
    expect(text(tracker.averagePremium())).toBe('0.00066667');
  });

  it('caps the rate with the market cap', () => {
    const tracker = new MarkPriceTracker({ ...BTC, fundingCap: d('0.001') }, () =>
      at('2026-01-01T01:00:00Z'),
    );
    const mark = tracker.sample(bookAt('50000', '51000', '51010'));
    expect(text(mark.fundingRate)).toBe('0.001');
  });

  it('counts a thin side as no premium', () => {
    const tracker = new MarkPriceTracker(BTC, () => at('2026-01-01T01:00:00Z'));
    const thin = bookAt('50000', '50100', '50110');
    thin.bids = [{ price: d('50100'), size: d('0.1') }];
    tracker.sample(thin);
    expect(text(tracker.averagePremium())).toBe('0');
  });

  it('keeps a passed funding time with the last mark of its interval once, and starts the samples again', () => {
    let now = at('2026-01-01T07:59:59Z');
    const tracker = new MarkPriceTracker(BTC, () => now);
    const before = tracker.sample(bookAt('50000', '50100', '50110'));
    expect(tracker.takeDue()).toBeUndefined();
    now = at('2026-01-01T08:00:01Z');
    const after = tracker.sample(emptyBook('50000'));
    expect(after.nextFundingTime.toISOString()).toBe('2026-01-01T16:00:00.000Z');
    expect(text(tracker.averagePremium())).toBe('0');
    const due = tracker.takeDue();
    expect(due?.fundingTime.toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(due?.mark).toBe(before);
    expect(text(before.fundingRate)).toBe('0.0015');
    expect(tracker.takeDue()).toBeUndefined();
  });

  it('is stale while the index is', () => {
    const tracker = new MarkPriceTracker(BTC, () => at('2026-01-01T01:00:00Z'));
    expect(tracker.sample({ ...emptyBook('50000'), indexStale: true }).stale).toBe(true);
    expect(tracker.latest()?.stale).toBe(true);
  });

  it('reads the interest per interval of a shorter interval as its share of Binance’s 8-hour interest', () => {
    const tracker = new MarkPriceTracker({ ...BTC, fundingIntervalHours: 4 }, () =>
      at('2026-01-01T01:00:00Z'),
    );
    // 0.0001 per 4 hours is 0.0002 per 8; F = (0 + 0.0002) × 4 / 8 = 0.0001.
    expect(text(tracker.sample(emptyBook('50000')).fundingRate)).toBe('0.0001');
  });
});
