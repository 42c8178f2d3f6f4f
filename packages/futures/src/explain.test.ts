import { type Decimal, decimalOf } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import {
  ALT_BRACKETS,
  type Explanation,
  explainDraftOrder,
  explainPosition,
  FORMULA_FUNCTIONS,
  MAJOR_BRACKETS,
} from './index';

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
const draft = {
  side: 'long' as const,
  price: d('50010'),
  size: d('0.3'),
  leverage: 20,
  markPrice: d('50000'),
  takerFeeRate: d('0.0005'),
};
const limits = { available: d('1000'), lotSize: d('0.001'), brackets: MAJOR_BRACKETS, places: 8 };

const valuesOf = (explanation: Explanation) =>
  Object.fromEntries(Object.entries(explanation).map(([name, { value }]) => [name, value]));

/** What a formula refers to: figure names, and the functions it calls (a field of a call's result is neither). */
function referencesOf(formula: string): { names: string[]; functions: string[] } {
  const bare = formula.replace(/'[^']*'/g, "''");
  const names: string[] = [];
  const functions: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/g)) {
    if (bare[match.index - 1] === '.') continue;
    if (bare[match.index + match[0].length] === '(') functions.push(match[0]);
    else names.push(match[0]);
  }
  return { names, functions };
}

/** Every name or function a formula uses that is not an earlier figure or a known function. */
function unknownReferences(explanation: Explanation): string[] {
  const earlier = new Set<string>();
  const unknown: string[] = [];
  for (const [name, { formula }] of Object.entries(explanation)) {
    const { names, functions } = referencesOf(formula ?? '');
    unknown.push(...names.filter((used) => !earlier.has(used)).map((used) => `${name}: ${used}`));
    const known = new Set<string>(FORMULA_FUNCTIONS);
    unknown.push(...functions.filter((used) => !known.has(used)).map((used) => `${name}: ${used}()`));
    earlier.add(name);
  }
  return unknown;
}

const inputsOf = (explanation: Explanation): string[] =>
  Object.entries(explanation)
    .filter(([, { formula }]) => formula === null)
    .map(([name]) => name);

const crossAccount = {
  walletBalance: d('2500'),
  otherMaintenanceMargin: d('0'),
  otherUnrealizedPnl: d('0'),
  long: position,
  short: null,
};

describe('explainPosition', () => {
  it('gives every input and figure of an isolated position as text', () => {
    const sut = explainPosition({ ...common, margin: { mode: 'isolated', isolatedMargin: d('2500') } });
    expect(valuesOf(sut)).toMatchObject({
      side: 'long',
      marginMode: 'isolated',
      'notional.atMark': '49000',
      'bracket.maintenanceMarginRate': '0.004',
      maintenanceMargin: '196',
      initialMargin: '2500',
      unrealizedPnl: '-1000',
      pnlPercent: '-40',
      'liquidationBracket.maintenanceMarginRate': '0.004',
      liquidationPrice: '47690.8',
      bankruptcyPrice: '47500',
    });
    for (const { value } of Object.values(sut))
      expect(value === null || typeof value === 'string').toBe(true);
  });

  it('says how each figure of an isolated position is computed', () => {
    const sut = explainPosition({ ...common, margin: { mode: 'isolated', isolatedMargin: d('2500') } });
    expect(sut['notional.atMark']?.formula).toBe('size × markPrice');
    expect(sut.maintenanceMargin?.formula).toBe(
      'notional.atMark × bracket.maintenanceMarginRate − bracket.maintenanceAmount',
    );
    expect(sut.initialMargin?.formula).toBe('roundUp(notional.atEntry / leverage, places)');
    expect(sut.liquidationPrice?.formula).toBe(
      'ceilToTick((isolatedMargin + liquidationBracket.maintenanceAmount − size × entryPrice)' +
        ' / (size × liquidationBracket.maintenanceMarginRate − size), tickSize)',
    );
    expect(sut.bankruptcyPrice?.formula).toBe('entryPrice − floorToTick(isolatedMargin / size, tickSize)');
  });

  it("gives a cross position's account figures and both sides' liquidation prices", () => {
    const sut = explainPosition({ ...common, margin: { mode: 'cross', account: crossAccount } });
    expect(valuesOf(sut)).toMatchObject({
      walletBalance: '2500',
      'short.size': null,
      'liquidationBracket.whenFalling.long.maintenanceMarginRate': '0.004',
      'liquidationBracket.whenFalling.short.maintenanceMarginRate': null,
      'liquidationPrice.whenFalling': '47690.8',
      'liquidationPrice.whenRising': null,
      liquidationPrice: '47690.8',
    });
  });
});

describe('explainDraftOrder', () => {
  it("gives a draft's cost figures and the largest long and short", () => {
    const sut = explainDraftOrder({ draft, ...limits });
    expect(valuesOf(sut)).toMatchObject({
      notional: '15003',
      'bracket.maxLeverage': '125',
      initialMargin: '750.15',
      openLoss: '3',
      fee: '7.5015',
      cost: '760.6515',
      maxLong: '0.394',
      maxShort: '0.395',
    });
    expect(sut.openLoss?.formula).toBe('roundUp(size × max(price − markPrice, 0), places)');
    expect(sut.cost?.formula).toBe('initialMargin + openLoss + fee');
  });
});

describe('every explanation', () => {
  const hedged = {
    ...crossAccount,
    walletBalance: d('300'),
    long: { size: d('40'), entryPrice: d('30') },
    short: { size: d('10'), entryPrice: d('31') },
  };
  const cases: [string, Explanation, string[]][] = [
    [
      'an isolated long',
      explainPosition({ ...common, margin: { mode: 'isolated', isolatedMargin: d('2500') } }),
      ['isolatedMargin'],
    ],
    [
      'an isolated short',
      explainPosition({
        ...common,
        position: { ...position, side: 'short' },
        margin: { mode: 'isolated', isolatedMargin: d('2500') },
      }),
      ['isolatedMargin'],
    ],
    [
      'a hedged cross position',
      explainPosition({
        ...common,
        position: { side: 'long', size: d('40'), entryPrice: d('30') },
        markPrice: d('29'),
        brackets: ALT_BRACKETS,
        tickSize: d('0.001'),
        margin: { mode: 'cross', account: hedged },
      }),
      [
        'walletBalance',
        'otherMaintenanceMargin',
        'otherUnrealizedPnl',
        'long.size',
        'long.entryPrice',
        'short.size',
        'short.entryPrice',
      ],
    ],
    [
      'a draft long',
      explainDraftOrder({ draft, ...limits }),
      ['price', 'takerFeeRate', 'available', 'lotSize'],
    ],
    [
      'a draft short',
      explainDraftOrder({ draft: { ...draft, side: 'short' }, ...limits }),
      ['price', 'takerFeeRate', 'available', 'lotSize'],
    ],
  ];
  const shared = ['side', 'size', 'leverage', 'markPrice', 'places'];

  it('reproduces a hedged cross liquidation price from the figures its formula names', () => {
    const sut = valuesOf(cases[2]?.[1] ?? {});
    // (300 − 0 + 0 + 0 + 0 − 40 × 30 + 10 × 31) / (40 × 0.0065 + 10 × 0.0065 − 40 + 10) = 19.88209…, up to the tick.
    expect(sut).toMatchObject({
      'liquidationBracket.whenFalling.long.maintenanceMarginRate': '0.0065',
      'liquidationBracket.whenFalling.short.maintenanceMarginRate': '0.0065',
      'liquidationBracket.whenFalling.long.maintenanceAmount': '0',
      'liquidationPrice.whenFalling': '19.883',
      'liquidationPrice.whenRising': null,
      liquidationPrice: '19.883',
    });
  });

  it.each(cases)('of %s gives a formula for every figure but its inputs', (_case, sut, inputs) => {
    const positionInputs = 'entryPrice' in sut ? ['entryPrice', 'tickSize', 'marginMode'] : [];
    expect(inputsOf(sut).sort()).toEqual([...shared, ...positionInputs, ...inputs].sort());
  });

  it.each(cases)('of %s computes each figure only from figures explained before it', (_case, sut) => {
    expect(unknownReferences(sut)).toEqual([]);
  });

  it('flags a formula naming a figure that is not explained before it', () => {
    const sut: Explanation = {
      size: { value: '1', formula: null },
      notional: { value: '2', formula: 'size × markPrice' },
      cost: { value: '3', formula: 'roundUp(notional, places) + later + guess(size)' },
      later: { value: '4', formula: null },
    };
    expect(unknownReferences(sut)).toEqual([
      'notional: markPrice',
      'cost: places',
      'cost: later',
      'cost: guess()',
    ]);
  });
});
