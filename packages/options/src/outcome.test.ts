import { decimalOf, formatDecimal } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import { decide, expectedProfit, settlementOf, type Tick } from './outcome';

const close = new Date('2026-11-27T10:16:00Z');
const tick = (price: string, iso: string): Tick => ({ price: decimalOf(price), time: new Date(iso) });
const opened = tick('100', '2026-11-27T10:15:10Z');

describe('decide', () => {
  it('lets up win when the close is above the open and down win when it is below', () => {
    const higher = tick('100.01', '2026-11-27T10:15:59Z');
    expect(decide('up', opened, higher, close, 10)).toEqual({ outcome: 'win', rule: 'upWins' });
    expect(decide('down', opened, higher, close, 10)).toEqual({ outcome: 'loss', rule: 'upWins' });
    const lower = tick('99.99', '2026-11-27T10:15:59Z');
    expect(decide('down', opened, lower, close, 10)).toEqual({ outcome: 'win', rule: 'downWins' });
    expect(decide('up', opened, lower, close, 10)).toEqual({ outcome: 'loss', rule: 'downWins' });
  });

  it('returns the stake on equal prices whatever the direction', () => {
    const same = tick('100.000', '2026-11-27T10:16:00Z');
    expect(decide('up', opened, same, close, 10)).toEqual({ outcome: 'tie', rule: 'equalReturned' });
    expect(decide('down', opened, same, close, 10)).toEqual({ outcome: 'tie', rule: 'equalReturned' });
  });

  it('voids the round when the last tick before the close is older than the staleness window', () => {
    const old = tick('120', '2026-11-27T10:15:49Z');
    expect(decide('up', opened, old, close, 10)).toEqual({ outcome: 'void', rule: 'voidStale' });
    expect(decide('up', opened, null, close, 10)).toEqual({ outcome: 'void', rule: 'voidStale' });
    const justFresh = tick('120', '2026-11-27T10:15:50Z');
    expect(decide('up', opened, justFresh, close, 10).outcome).toBe('win');
  });

  it('voids an order no tick opened before the close', () => {
    const closing = tick('101', '2026-11-27T10:15:59Z');
    expect(decide('up', null, closing, close, 10)).toEqual({ outcome: 'void', rule: 'voidNoOpenTick' });
    const late = tick('100', '2026-11-27T10:16:00.001Z');
    expect(decide('up', late, closing, close, 10)).toEqual({ outcome: 'void', rule: 'voidNoOpenTick' });
  });
});

describe('settlementOf', () => {
  const text = (value: ReturnType<typeof settlementOf>) => ({
    payout: formatDecimal(value.payout),
    profit: formatDecimal(value.profit),
    rounding: formatDecimal(value.rounding),
  });

  it('pays a win stake × (1 + rate) rounded down, the remainder to rounding', () => {
    expect(text(settlementOf(decimalOf('10.01'), decimalOf('0.85'), 'win', 2))).toEqual({
      payout: '18.51',
      profit: '8.50',
      rounding: '0.0085',
    });
  });

  it('pays nothing on a loss and returns the stake on a tie or void', () => {
    expect(text(settlementOf(decimalOf('25'), decimalOf('0.8'), 'loss', 2))).toEqual({
      payout: '0.00',
      profit: '-25.00',
      rounding: '0.00',
    });
    for (const outcome of ['tie', 'void'] as const) {
      expect(text(settlementOf(decimalOf('25'), decimalOf('0.8'), outcome, 2))).toMatchObject({
        payout: '25.00',
        profit: '0.00',
      });
    }
  });

  it('shows as expected profit what a win would pay', () => {
    expect(formatDecimal(expectedProfit(decimalOf('3'), decimalOf('0.333'), 2))).toBe('0.99');
  });
});
