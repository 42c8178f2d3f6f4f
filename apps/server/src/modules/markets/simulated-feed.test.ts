import { describe, expect, it } from 'vitest';
import { scaled } from './decimal';
import { SimulatedFeed } from './simulated-feed';

const MARKETS = [
  { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.00001' },
  { symbol: 'DOGEUSDT', tickSize: '0.00001', lotSize: '1' },
];

type Tick = { symbol: string; price: string; volume: string; at: Date };

async function run(seed: string, steps: number): Promise<Tick[]> {
  let now = Date.UTC(2026, 0, 5);
  const sut = new SimulatedFeed({ seed, clock: () => new Date(now), intervalMs: 0 });
  const ticks: Tick[] = [];
  sut.onTick((symbol, price, volume, at) => ticks.push({ symbol, price, volume, at }));
  await sut.start(MARKETS);
  for (let i = 0; i < steps; i++) {
    now += 1000;
    sut.step();
  }
  await sut.stop();
  return ticks;
}

function logReturnDeviation(ticks: Tick[], symbol: string): number {
  const prices = ticks.filter((tick) => tick.symbol === symbol).map((tick) => Number(tick.price));
  const returns = prices.slice(1).map((price, i) => Math.log(price / (prices[i] ?? price)));
  const mean = returns.reduce((sum, value) => sum + value, 0) / returns.length;
  return Math.sqrt(returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / returns.length);
}

describe('the simulated feed', () => {
  it('gives the same prices, volumes and times for the same seed and clock', async () => {
    const first = await run('seed-a', 300);
    const second = await run('seed-a', 300);
    expect(second).toEqual(first);
    const other = await run('seed-b', 300);
    expect(other.map((tick) => tick.price)).not.toEqual(first.map((tick) => tick.price));
  });

  it('starts each coin at a plausible price and ticks every market on every step', async () => {
    const ticks = await run('seed-a', 10);
    expect(ticks).toHaveLength(2 * 11);
    expect(ticks[0]).toMatchObject({ symbol: 'BTCUSDT', price: '95000.00', volume: '0.00000' });
    expect(ticks[1]).toMatchObject({ symbol: 'DOGEUSDT', price: '0.32000', volume: '0' });
  });

  it('rounds every price to the tick and every volume to the lot', async () => {
    for (const tick of await run('seed-c', 500)) {
      const market = MARKETS.find((each) => each.symbol === tick.symbol);
      if (!market) throw new Error(tick.symbol);
      expect(scaled(tick.price) % scaled(market.tickSize)).toBe(0n);
      expect(scaled(tick.volume) % scaled(market.lotSize)).toBe(0n);
      expect(scaled(tick.price)).toBeGreaterThan(0n);
    }
  });

  it('moves DOGE more than BTC', async () => {
    const ticks = await run('seed-d', 3000);
    expect(logReturnDeviation(ticks, 'DOGEUSDT')).toBeGreaterThan(logReturnDeviation(ticks, 'BTCUSDT'));
  });

  it('continues a market from its last price', async () => {
    const sut = new SimulatedFeed({ seed: 'seed-a', intervalMs: 0 });
    const prices: string[] = [];
    sut.onTick((_symbol, price) => prices.push(price));
    sut.continueFrom('BTCUSDT', '101234.56');
    await sut.start([MARKETS[0] as (typeof MARKETS)[number]]);
    expect(prices).toEqual(['101234.56']);
  });
});
