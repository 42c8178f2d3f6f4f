import { afterEach, describe, expect, it } from 'vitest';
import { readLastSymbol, rememberSymbol, symbolFrom } from './lastSymbol';

afterEach(() => localStorage.clear());

describe('the last traded market', () => {
  it('opens the Trade tab on BTCUSDT until a market was traded, then on that market', () => {
    expect(readLastSymbol()).toBe('BTCUSDT');
    rememberSymbol('ETHUSDT');
    expect(readLastSymbol()).toBe('ETHUSDT');
  });

  it('ignores what is not a market symbol', () => {
    rememberSymbol('<script>');
    expect(readLastSymbol()).toBe('BTCUSDT');
    localStorage.setItem('spot.lastSymbol', 'nonsense');
    expect(readLastSymbol()).toBe('BTCUSDT');
    expect(symbolFrom('solusdt')).toBe('SOLUSDT');
    expect(symbolFrom(null)).toBe('BTCUSDT');
  });
});
