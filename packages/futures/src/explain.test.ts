import { type Decimal, decimalOf } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import { explainDraftOrder, explainPosition, MAJOR_BRACKETS } from './index';

const d = (text: string): Decimal => decimalOf(text);
const position = { side: 'long' as const, size: d('1'), entryPrice: d('50000') };
const common = {
  position,
  markPrice: d('49000'),
  leverage: 20,
  brackets: MAJOR_BRACKETS,
  tickSize: d('0.1'),
  places: 8,
};

describe('explainPosition', () => {
  it('gives every input and figure of an isolated position as text', () => {
    const sut = explainPosition({ ...common, margin: { mode: 'isolated', isolatedMargin: d('2500') } });
    expect(sut).toMatchObject({
      side: 'long',
      marginMode: 'isolated',
      'notional.atMark': '49000',
      'bracket.maintenanceMarginRate': '0.004',
      maintenanceMargin: '196.000',
      initialMargin: '2500.00000000',
      unrealizedPnl: '-1000',
      pnlPercent: '-40.00',
      liquidationPrice: '47690.8',
      bankruptcyPrice: '47500.0',
    });
    for (const value of Object.values(sut)) expect(value === null || typeof value === 'string').toBe(true);
  });

  it("gives a cross position's account figures and both sides' liquidation prices", () => {
    const account = {
      walletBalance: d('2500'),
      otherMaintenanceMargin: d('0'),
      otherUnrealizedPnl: d('0'),
      long: position,
      short: null,
    };
    const sut = explainPosition({ ...common, margin: { mode: 'cross', account } });
    expect(sut).toMatchObject({
      walletBalance: '2500',
      'short.size': null,
      'liquidationPrice.whenFalling': '47690.8',
      'liquidationPrice.whenRising': null,
      liquidationPrice: '47690.8',
    });
  });
});

describe('explainDraftOrder', () => {
  it("gives a draft's cost figures and the largest long and short", () => {
    const draft = {
      side: 'long' as const,
      price: d('50010'),
      size: d('0.3'),
      leverage: 20,
      markPrice: d('50000'),
      takerFeeRate: d('0.0005'),
    };
    const sut = explainDraftOrder({
      draft,
      available: d('1000'),
      lotSize: d('0.001'),
      brackets: MAJOR_BRACKETS,
      places: 8,
    });
    expect(sut).toMatchObject({
      notional: '15003.0',
      'bracket.maxLeverage': '125',
      initialMargin: '750.15000000',
      openLoss: '3.00000000',
      fee: '7.50150000',
      cost: '760.65150000',
      maxLong: '0.394',
      maxShort: '0.395',
    });
  });
});
