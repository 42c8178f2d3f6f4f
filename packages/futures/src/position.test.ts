import { type Decimal, decimalOf, formatDecimal } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import { applyFill, emptyPosition, type Position, pnlPercent, unrealizedPnl } from './index';

const d = (text: string): Decimal => decimalOf(text);

describe('unrealizedPnl and pnlPercent', () => {
  it('counts a rise for a long and a fall for a short', () => {
    expect(formatDecimal(unrealizedPnl('long', d('0.5'), d('50000'), d('51000')))).toBe('500.0');
    expect(formatDecimal(unrealizedPnl('short', d('0.5'), d('50000'), d('51000')))).toBe('-500.0');
  });

  it("is Binance's ROE: pnl over the initial margin at entry, in percent, toward zero at two places", () => {
    // 500 / (25,000 / 20) = 40%
    expect(formatDecimal(pnlPercent('long', d('0.5'), d('50000'), d('51000'), 20))).toBe('40.00');
    // −0.1 × 3 / 300 × 100 = −0.0333…%
    expect(formatDecimal(pnlPercent('short', d('3'), d('100'), d('100.1'), 1))).toBe('-0.10');
    expect(formatDecimal(pnlPercent('short', d('3'), d('100'), d('100.01'), 1))).toBe('-0.01');
  });
});

describe('applyFill', () => {
  it('opens at the fill price and averages the entry by size', () => {
    const first = applyFill(emptyPosition('long'), { action: 'open', price: d('50000'), size: d('1') });
    expect(formatDecimal(first.position.entryPrice)).toBe('50000');
    const second = applyFill(first.position, { action: 'open', price: d('50001'), size: d('2') });
    // 150,002 / 3 = 50,000.666…, half up at 0 + 8 places
    expect(formatDecimal(second.position.entryPrice)).toBe('50000.66666667');
    expect(formatDecimal(second.position.size)).toBe('3');
    expect(formatDecimal(second.realizedPnl)).toBe('0');
  });

  it('keeps the places of its average entry however many fills it averages', () => {
    let position: Position = { side: 'long', size: d('0.001'), entryPrice: d('50000.1') };
    for (let fill = 0; fill < 50; fill += 1) {
      position = applyFill(position, {
        action: 'open',
        price: d(fill % 2 ? '50000.3' : '49999.7'),
        size: d('0.001'),
      }).position;
    }
    // The fill prices' one place plus eight, not eight more with every fill.
    expect(position.entryPrice.scale).toBe(9);
    expect(formatDecimal(position.size)).toBe('0.051');
  });

  it('realises (exit − entry) × size × direction on a close and keeps the entry', () => {
    const short = { side: 'short' as const, size: d('2'), entryPrice: d('50000') };
    const closed = applyFill(short, { action: 'close', price: d('49000'), size: d('0.5') });
    expect(formatDecimal(closed.realizedPnl)).toBe('500.0');
    expect(formatDecimal(closed.position.size)).toBe('1.5');
    expect(closed.position.entryPrice).toEqual(d('50000'));
  });

  it('refuses a close beyond the position', () => {
    const long = { side: 'long' as const, size: d('1'), entryPrice: d('50000') };
    expect(() => applyFill(long, { action: 'close', price: d('1'), size: d('1.001') })).toThrow(RangeError);
  });
});
