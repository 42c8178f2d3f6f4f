import { ALT_BRACKETS } from '@kestrel/futures';
import { decimalOf } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../cluster/bus';
import { RecordingPublisher, RecordingSnapshots } from '../markets/test-markets';
import type { FuturesMarketConfig } from './futures-markets';
import { NO_TRADES } from './futures-stats';
import { FuturesTickers } from './futures-tickers';
import type { FuturesMark } from './mark-price';

const d = decimalOf;
const SOL: FuturesMarketConfig = {
  symbol: 'SOLUSDT',
  base: 'SOL',
  quote: 'USDT',
  tickSize: d('0.01'),
  lotSize: d('0.01'),
  minNotional: d('5'),
  makerFee: d('0.0002'),
  takerFee: d('0.0005'),
  brackets: [...ALT_BRACKETS],
  open: true,
  marketMaker: true,
  fundingIntervalHours: 8,
  interestRate: d('0.0001'),
  fundingCap: d('0.0075'),
};
const NOW = Date.parse('2026-03-01T10:00:00Z');

const mark: FuturesMark = {
  symbol: 'SOLUSDT',
  markPrice: d('150.25'),
  indexPrice: d('150.2'),
  fundingRate: d('0.00012345'),
  nextFundingTime: new Date('2026-03-01T16:00:00Z'),
  stale: false,
};

function node(bus: LocalBus, publisher?: RecordingPublisher, snapshots?: RecordingSnapshots) {
  return new FuturesTickers({
    markets: { market: (symbol) => (symbol === 'SOLUSDT' ? SOL : undefined), all: () => [SOL] },
    index: { indexPrice: () => '150.10', isStale: () => false },
    stats: { of: () => NO_TRADES },
    bus,
    publisher,
    snapshots,
    now: () => NOW,
  });
}

describe('FuturesTickers', () => {
  it('shows the index and the interest rate before the owner’s first mark', () => {
    const tickers = node(new LocalBus());
    expect(tickers.latest('SOLUSDT')).toBeUndefined();
    expect(tickers.tickerOf('SOLUSDT')).toEqual({
      symbol: 'SOLUSDT',
      markPrice: '150.10',
      indexPrice: '150.10',
      fundingRate: '0.00010000',
      nextFundingTime: '2026-03-01T16:00:00.000Z',
      stale: false,
      stats: NO_TRADES,
    });
  });

  it('publishes the owner’s mark on the channels and makes it every node’s latest through the bus', async () => {
    const bus = new LocalBus();
    const publisher = new RecordingPublisher();
    const snapshots = new RecordingSnapshots();
    const owner = node(bus, publisher);
    const other = node(bus, undefined, snapshots);
    await owner.start();
    await other.start();
    owner.publish(mark);
    await Promise.resolve();
    expect(other.latest('SOLUSDT')).toEqual(mark);
    expect(owner.latest('SOLUSDT')).toEqual(mark);
    const ticker = {
      symbol: 'SOLUSDT',
      markPrice: '150.25',
      indexPrice: '150.2',
      fundingRate: '0.00012345',
      nextFundingTime: '2026-03-01T16:00:00.000Z',
      stale: false,
      stats: NO_TRADES,
    };
    expect(publisher.messages).toEqual([
      { channel: 'futuresTicker:SOLUSDT', data: ticker },
      { channel: 'futuresTickers', data: [ticker] },
    ]);
    // The list goes out at most once a second.
    owner.publish({ ...mark, markPrice: d('150.3') });
    expect(publisher.messages.map((message) => message.channel)).toEqual([
      'futuresTicker:SOLUSDT',
      'futuresTickers',
      'futuresTicker:SOLUSDT',
    ]);
    await Promise.resolve();
    expect(snapshots.of('futuresTicker:SOLUSDT')).toMatchObject({ markPrice: '150.3' });
    expect(snapshots.of('futuresTickers')).toEqual([expect.objectContaining({ markPrice: '150.3' })]);
    expect(snapshots.of('futuresTicker:PEPEUSDT')).toBeUndefined();
    await other.stop();
    owner.publish({ ...mark, markPrice: d('151') });
    await Promise.resolve();
    expect(other.latest('SOLUSDT')?.markPrice).toEqual(d('150.3'));
    await owner.stop();
  });
});
