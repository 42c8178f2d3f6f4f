import type { LeverageBracket } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import {
  actionOf,
  emptyFuturesDraft,
  explainQueryOf,
  type FuturesDraft,
  liveFigures,
  maxLeverageOf,
  needsLeverageConfirmation,
  orderBody,
  percentOfMax,
  sizeAtPercent,
} from './futuresForm';

const brackets: LeverageBracket[] = [
  {
    notionalFloor: '0',
    notionalCap: '50000',
    maxLeverage: 125,
    maintenanceMarginRate: '0.004',
    maintenanceAmount: '0',
  },
  {
    notionalFloor: '50000',
    notionalCap: '600000',
    maxLeverage: 100,
    maintenanceMarginRate: '0.005',
    maintenanceAmount: '50',
  },
];
const market = { lotSize: '0.001', takerFee: '0.0005', brackets };
const draft = (changes: Partial<FuturesDraft>): FuturesDraft => ({ ...emptyFuturesDraft(), ...changes });

describe('the four directions', () => {
  it('opens with the Open tab and closes with the Close tab, long and short', () => {
    expect(actionOf('open', 'long')).toBe('openLong');
    expect(actionOf('open', 'short')).toBe('openShort');
    expect(actionOf('close', 'long')).toBe('closeLong');
    expect(actionOf('close', 'short')).toBe('closeShort');
  });
});

describe('the leverage', () => {
  it('goes up to the highest leverage of the brackets', () => {
    expect(maxLeverageOf(brackets)).toBe(125);
    expect(maxLeverageOf([{ ...(brackets[1] as LeverageBracket), maxLeverage: 50 }])).toBe(50);
  });

  it('asks for a confirmation above 20x only', () => {
    expect(needsLeverageConfirmation(20)).toBe(false);
    expect(needsLeverageConfirmation(21)).toBe(true);
    expect(needsLeverageConfirmation(125)).toBe(true);
  });
});

describe('the live max and cost', () => {
  it('gives what the balance can open at the leverage, margin and taker fee included', () => {
    const figures = liveFigures({
      draft: draft({ price: '50000', size: '0.1' }),
      market,
      leverage: 10,
      available: '1000',
      markPrice: '50000',
    });
    // Per BTC: 5,000 of margin and 25 of fee; 1,000 / 5,025 = 0.199 BTC on the lot.
    expect(figures.maxLong).toBe('0.199');
    expect(figures.maxShort).toBe('0.199');
    // 0.1 BTC: 500 of margin and 2.5 of fee.
    expect(figures.costLong).toBe('502.500000');
    expect(figures.costShort).toBe('502.500000');
  });

  it("counts the open loss of a price through the mark on that side's cost only", () => {
    const figures = liveFigures({
      draft: draft({ price: '50100', size: '0.1' }),
      market,
      leverage: 10,
      available: '1000',
      markPrice: '50000',
    });
    // Long: 501 of margin, 10 of open loss (0.1 × 100), 2.505 of fee. Short: no open loss.
    expect(figures.costLong).toBe('513.505000');
    expect(figures.costShort).toBe('503.505000');
    // Per BTC: 5,010 of margin and 25.05 of fee, and 100 of open loss for a long: 0.1947… and 0.1986… BTC.
    expect(figures.maxLong).toBe('0.194');
    expect(figures.maxShort).toBe('0.198');
  });

  it('prices a market order at the mark and knows nothing without a price or a balance', () => {
    const market_ = liveFigures({
      draft: draft({ type: 'market', price: '1', size: '0.01' }),
      market,
      leverage: 20,
      available: undefined,
      markPrice: '40000',
    });
    expect(market_).toEqual({ maxLong: null, maxShort: null, costLong: '20.200000', costShort: '20.200000' });
    const none = liveFigures({ draft: draft({}), market, leverage: 20, available: '100', markPrice: null });
    expect(none).toEqual({ maxLong: null, maxShort: null, costLong: null, costShort: null });
  });

  it('keeps the leverage within the brackets: at 125x only the first bracket is open', () => {
    const figures = liveFigures({
      draft: draft({ price: '50000' }),
      market,
      leverage: 125,
      available: '100000',
      markPrice: '50000',
    });
    // 50,000 of notional at most: 1 BTC, whatever the balance.
    expect(figures.maxLong).toBe('1.000');
  });
});

describe('the size slider', () => {
  it('takes a share of the maximum down to the lot, and reads it back', () => {
    expect(sizeAtPercent('0.199', 50, '0.001')).toBe('0.099');
    expect(sizeAtPercent('0.199', 100, '0.001')).toBe('0.199');
    expect(sizeAtPercent('0.199', 0, '0.001')).toBe('');
    expect(percentOfMax('0.099', '0.199')).toBe(49);
    expect(percentOfMax('1', null)).toBe(0);
  });
});

describe('the order a button sends', () => {
  it('sends a limit open long with its take profit and stop loss', () => {
    const check = orderBody(
      draft({ price: '50000', size: '0.01', triggers: true, takeProfit: '55000', stopLoss: '48000' }),
      'BTCUSDT',
      'long',
    );
    expect(check).toEqual({
      ok: true,
      body: {
        symbol: 'BTCUSDT',
        action: 'openLong',
        type: 'limit',
        price: '50000',
        size: '0.01',
        takeProfit: '55000',
        stopLoss: '48000',
      },
    });
  });

  it('refuses triggers on the wrong side of the price', () => {
    const check = orderBody(
      draft({ price: '50000', size: '0.01', triggers: true, takeProfit: '55000', stopLoss: '48000' }),
      'BTCUSDT',
      'short',
    );
    expect(check.ok ? [] : check.problems.map((problem) => problem.key)).toEqual([
      'futures.screen.errors.takeProfitSide.short',
      'futures.screen.errors.stopLossSide.short',
    ]);
  });

  it('never sends triggers with a close, nor a price with a market order', () => {
    const check = orderBody(
      draft({ tab: 'close', type: 'market', price: '50000', size: '0.5', takeProfit: '1', stopLoss: '2' }),
      'BTCUSDT',
      'short',
    );
    expect(check).toEqual({
      ok: true,
      body: { symbol: 'BTCUSDT', action: 'closeShort', type: 'market', size: '0.5' },
    });
  });

  it('asks for a price and a size', () => {
    const check = orderBody(draft({}), 'BTCUSDT', 'long');
    expect(check.ok ? [] : check.problems.map((problem) => problem.field)).toEqual(['price', 'size']);
  });
});

describe('the explanation a side of the form asks for', () => {
  const setting = { leverage: 10, marginMode: 'cross' as const };

  it("asks for the typed limit draft, at the form's leverage and margin mode", () => {
    const draft: FuturesDraft = { ...emptyFuturesDraft(), price: '49000.5', size: '0.010' };
    expect(explainQueryOf(draft, 'BTCUSDT', 'short', setting)).toEqual({
      symbol: 'BTCUSDT',
      action: 'openShort',
      type: 'limit',
      price: '49000.5',
      size: '0.010',
      leverage: 10,
      marginMode: 'cross',
    });
  });

  it('leaves the price to the server for a market order', () => {
    const draft: FuturesDraft = { ...emptyFuturesDraft(), type: 'market', price: '49000', size: '1' };
    expect(explainQueryOf(draft, 'BTCUSDT', 'long', setting)).not.toHaveProperty('price');
  });

  it('asks nothing without a size, without a limit price, or on the Close tab', () => {
    expect(explainQueryOf({ ...emptyFuturesDraft(), price: '49000' }, 'BTCUSDT', 'long', setting)).toBeNull();
    expect(explainQueryOf({ ...emptyFuturesDraft(), size: '1' }, 'BTCUSDT', 'long', setting)).toBeNull();
    expect(
      explainQueryOf({ ...emptyFuturesDraft('close'), price: '1', size: '1' }, 'BTCUSDT', 'long', setting),
    ).toBeNull();
  });
});
