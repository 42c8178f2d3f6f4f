import { describe, expect, it } from 'vitest';
import type { TradeSummary } from './futures-markets.repository';
import { FuturesStats, NO_TRADES, STATS_MAX_AGE_MS } from './futures-stats';

/** The trade summaries the database would answer, counting the reads; a test moves the clock and the last price. */
class FakeTrades {
  reads = 0;
  last = '600';
  failing = false;
  async tradeSummaries(): Promise<TradeSummary[]> {
    this.reads += 1;
    await new Promise((resolve) => setImmediate(resolve));
    if (this.failing) throw new Error('the database is away');
    return [
      {
        symbol: 'BNBUSDT',
        open: '600',
        last: this.last,
        high: '612',
        low: '600',
        volume: '2',
        turnover: '1200',
      },
    ];
  }
}

function statsOver(trades: FakeTrades) {
  const clock = { now: 1_000_000 };
  return { sut: new FuturesStats(trades, () => clock.now), clock };
}

describe('FuturesStats', () => {
  it('answers requests within a second of a read from it, sharing a read under way', async () => {
    const trades = new FakeTrades();
    const { sut, clock } = statsOver(trades);
    expect(sut.of('BNBUSDT')).toEqual(NO_TRADES);

    await Promise.all([sut.current(), sut.current()]);
    expect(trades.reads).toBe(1);
    expect(sut.of('BNBUSDT').last).toBe('600');

    trades.last = '606';
    clock.now += STATS_MAX_AGE_MS - 1;
    await sut.current();
    expect(trades.reads).toBe(1);
    expect(sut.of('BNBUSDT').last).toBe('600');

    clock.now += 1;
    await sut.current();
    expect(trades.reads).toBe(2);
    expect(sut.of('BNBUSDT').last).toBe('606');
  });

  it('reads again on the next request when a read failed', async () => {
    const trades = new FakeTrades();
    const { sut } = statsOver(trades);
    trades.failing = true;
    await expect(sut.current()).rejects.toThrow('the database is away');
    trades.failing = false;
    await sut.current();
    expect(trades.reads).toBe(2);
    expect(sut.of('BNBUSDT').last).toBe('600');
  });

  it('reads on a refresh whatever the age, as the server does when it starts', async () => {
    const trades = new FakeTrades();
    const { sut } = statsOver(trades);
    await sut.current();
    await sut.refresh();
    expect(trades.reads).toBe(2);
  });
});
