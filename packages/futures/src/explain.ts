/*
 * Every input and intermediate figure behind a position's and a draft order's numbers, as strings, each with the
 * formula that computes it from the figures before it, so that GET /api/futures/explain can return them verbatim
 * and anyone can redo the arithmetic by hand.
 *
 * A formula is arithmetic (+ − × /, comparisons, `a ? b : c`, `a ?? b` for "a unless null") over earlier figures'
 * names, 'quoted' words and the functions of `FORMULA_FUNCTIONS`. A null figure counts as zero in a sum or product
 * (no position on that side); a price whose brackets are all null has no value on that side, and a price not above
 * zero is null.
 */
import { type Decimal, formatDecimal, normalize } from '@kestrel/money';
import { type Bracket, bracketFor, maintenanceMargin } from './brackets';
import { times } from './figures';
import {
  bankruptcyPrice,
  type CrossAccount,
  crossLiquidationPrice,
  crossLiquidationRoots,
  isolatedAccount,
  type LiquidationRoot,
} from './liquidation';
import { initialMargin, maxLongAndShort, type OpenDraft, orderCost } from './margin';
import { pnlPercent, unrealizedPnl } from './pnl';
import type { Position } from './position';

/**
 * The functions a formula may call:
 * - `roundUp(x, n)` / `roundDown(x, n)`: x to n decimal places, away from / toward zero;
 * - `ceilToTick(x, t)` / `floorToTick(x, t)`: the nearest multiple of t at or above / at or below x;
 * - `max(a, b)`; `sign(side)`: +1 for 'long', −1 for 'short';
 * - `bracketFor(n)`: the market's first bracket whose notionalCap is at least n, else its last;
 * - `bracketAtRoot(direction, side)`: that side's bracket in which the price where the margin balance equals the
 *   maintenance margin, reached by a 'falling' or 'rising' mark, lies (Binance recalculates with the bracket of the
 *   notional at the liquidation price); its notionalFloor ≤ size × that unrounded price ≤ its notionalCap;
 * - `maxOpen(side, price, leverage, markPrice, takerFeeRate, available, lotSize, places)`: the largest multiple of
 *   lotSize whose cost is at most available and whose notional (price × size) is at most the notionalCap of the
 *   last bracket allowing leverage; 0 when none.
 */
export const FORMULA_FUNCTIONS = [
  'roundUp',
  'roundDown',
  'ceilToTick',
  'floorToTick',
  'max',
  'sign',
  'bracketFor',
  'bracketAtRoot',
  'maxOpen',
] as const;

/**
 * One figure: its exact value (null where it does not exist, as a liquidation price never reached) and its formula
 * (null for an input).
 */
export type ExplainedFigure = { readonly value: string | null; readonly formula: string | null };

/** Figures by name, inputs first, each computed only from the figures before it. */
export type Explanation = Record<string, ExplainedFigure>;

// Without trailing zeros: a stored size reads 0.002, not with the eighteen places of its column.
const text = (value: Decimal | null): string | null => (value ? formatDecimal(normalize(value)) : null);
const input = (value: string | null): ExplainedFigure => ({ value, formula: null });
const figure = (value: Decimal | null, formula: string): ExplainedFigure => ({ value: text(value), formula });

const BRACKET_FIELDS = [
  'notionalFloor',
  'notionalCap',
  'maxLeverage',
  'maintenanceMarginRate',
  'maintenanceAmount',
] as const;

/** The five figures of the bracket `bracket` (null for none), each as `source` followed by the field's name. */
function bracketFigures(prefix: string, bracket: Bracket | null, source: string): Explanation {
  const value = (field: (typeof BRACKET_FIELDS)[number]): string | null => {
    if (!bracket) return null;
    return field === 'maxLeverage' ? String(bracket.maxLeverage) : text(bracket[field]);
  };
  return Object.fromEntries(
    BRACKET_FIELDS.map((field) => [
      `${prefix}.${field}`,
      { value: value(field), formula: `${source}.${field}` },
    ]),
  );
}

/** The rate and amount of the brackets a liquidation price was solved in, per side. */
function rootBracketFigures(prefix: string, direction: 'falling' | 'rising', root: LiquidationRoot | null) {
  const figures: Explanation = {};
  for (const side of ['long', 'short'] as const) {
    const bracket = root?.[side] ?? null;
    const source = `bracketAtRoot('${direction}', '${side}')`;
    figures[`${prefix}.${side}.maintenanceMarginRate`] = figure(
      bracket?.maintenanceMarginRate ?? null,
      `${source}.maintenanceMarginRate`,
    );
    figures[`${prefix}.${side}.maintenanceAmount`] = figure(
      bracket?.maintenanceAmount ?? null,
      `${source}.maintenanceAmount`,
    );
  }
  return figures;
}

/** Binance's hedge-mode liquidation price over the named brackets, rounded against the trader. */
function crossLiquidationFormula(brackets: string, direction: 'falling' | 'rising'): string {
  const numerator =
    `walletBalance − otherMaintenanceMargin + otherUnrealizedPnl + ${brackets}.long.maintenanceAmount` +
    ` + ${brackets}.short.maintenanceAmount − long.size × long.entryPrice + short.size × short.entryPrice`;
  const denominator =
    `long.size × ${brackets}.long.maintenanceMarginRate + short.size × ${brackets}.short.maintenanceMarginRate` +
    ' − long.size + short.size';
  const round = direction === 'falling' ? 'ceilToTick' : 'floorToTick';
  return `${round}((${numerator}) / (${denominator}), tickSize)`;
}

/** A position to explain, with its margin: its own (isolated) or the account's (cross, this market's account). */
export type PositionToExplain = {
  readonly position: Position;
  readonly markPrice: Decimal;
  readonly leverage: number;
  readonly brackets: readonly Bracket[];
  readonly tickSize: Decimal;
  readonly places: number;
  readonly margin:
    | { readonly mode: 'isolated'; readonly isolatedMargin: Decimal }
    | { readonly mode: 'cross'; readonly account: CrossAccount };
};

/** Inputs, bracket, notional, margins, pnl and liquidation figures of one position, with their formulas. */
export function explainPosition(subject: PositionToExplain): Explanation {
  const { position, markPrice, leverage, brackets, tickSize, places, margin } = subject;
  const notional = times(position.size, markPrice);
  const entryNotional = times(position.size, position.entryPrice);
  const figures: Explanation = {
    side: input(position.side),
    size: input(text(position.size)),
    entryPrice: input(text(position.entryPrice)),
    markPrice: input(text(markPrice)),
    leverage: input(String(leverage)),
    tickSize: input(text(tickSize)),
    places: input(String(places)),
    marginMode: input(margin.mode),
    'notional.atMark': figure(notional, 'size × markPrice'),
    'notional.atEntry': figure(entryNotional, 'size × entryPrice'),
    ...bracketFigures('bracket', bracketFor(brackets, notional), 'bracketFor(notional.atMark)'),
    maintenanceMargin: figure(
      maintenanceMargin(notional, brackets),
      'notional.atMark × bracket.maintenanceMarginRate − bracket.maintenanceAmount',
    ),
    initialMargin: figure(
      initialMargin(entryNotional, leverage, places),
      'roundUp(notional.atEntry / leverage, places)',
    ),
    unrealizedPnl: figure(
      unrealizedPnl(position.side, position.size, position.entryPrice, markPrice),
      '(markPrice − entryPrice) × size × sign(side)',
    ),
    pnlPercent: figure(
      pnlPercent(position.side, position.size, position.entryPrice, markPrice, leverage),
      'roundDown(unrealizedPnl × 100 × leverage / notional.atEntry, 2)',
    ),
  };
  if (margin.mode === 'isolated') {
    const isolated = { ...position, isolatedMargin: margin.isolatedMargin };
    const roots = crossLiquidationRoots(isolatedAccount(isolated), brackets, tickSize);
    const long = position.side === 'long';
    const root = long ? roots.whenFalling : roots.whenRising;
    const liquidationFormula = long
      ? 'ceilToTick((isolatedMargin + liquidationBracket.maintenanceAmount − size × entryPrice)' +
        ' / (size × liquidationBracket.maintenanceMarginRate − size), tickSize)'
      : 'floorToTick((isolatedMargin + liquidationBracket.maintenanceAmount + size × entryPrice)' +
        ' / (size × liquidationBracket.maintenanceMarginRate + size), tickSize)';
    const rootBracket = `bracketAtRoot('${long ? 'falling' : 'rising'}', '${position.side}')`;
    const bracket = root?.[position.side] ?? null;
    return {
      ...figures,
      isolatedMargin: input(text(margin.isolatedMargin)),
      'liquidationBracket.maintenanceMarginRate': figure(
        bracket?.maintenanceMarginRate ?? null,
        `${rootBracket}.maintenanceMarginRate`,
      ),
      'liquidationBracket.maintenanceAmount': figure(
        bracket?.maintenanceAmount ?? null,
        `${rootBracket}.maintenanceAmount`,
      ),
      liquidationPrice: figure(root?.price ?? null, liquidationFormula),
      bankruptcyPrice: figure(
        bankruptcyPrice(isolated, tickSize),
        `entryPrice ${long ? '−' : '+'} floorToTick(isolatedMargin / size, tickSize)`,
      ),
    };
  }
  const { account } = margin;
  const roots = crossLiquidationRoots(account, brackets, tickSize);
  return {
    ...figures,
    walletBalance: input(text(account.walletBalance)),
    otherMaintenanceMargin: input(text(account.otherMaintenanceMargin)),
    otherUnrealizedPnl: input(text(account.otherUnrealizedPnl)),
    'long.size': input(text(account.long?.size ?? null)),
    'long.entryPrice': input(text(account.long?.entryPrice ?? null)),
    'short.size': input(text(account.short?.size ?? null)),
    'short.entryPrice': input(text(account.short?.entryPrice ?? null)),
    ...rootBracketFigures('liquidationBracket.whenFalling', 'falling', roots.whenFalling),
    ...rootBracketFigures('liquidationBracket.whenRising', 'rising', roots.whenRising),
    'liquidationPrice.whenFalling': figure(
      roots.whenFalling?.price ?? null,
      crossLiquidationFormula('liquidationBracket.whenFalling', 'falling'),
    ),
    'liquidationPrice.whenRising': figure(
      roots.whenRising?.price ?? null,
      crossLiquidationFormula('liquidationBracket.whenRising', 'rising'),
    ),
    liquidationPrice: figure(
      crossLiquidationPrice(account, brackets, tickSize),
      'long.size − short.size > 0 ? liquidationPrice.whenFalling ?? liquidationPrice.whenRising' +
        ' : liquidationPrice.whenRising ?? liquidationPrice.whenFalling',
    ),
  };
}

/** A draft order to explain, with what the account has available for it. */
export type DraftToExplain = {
  readonly draft: OpenDraft;
  readonly available: Decimal;
  readonly lotSize: Decimal;
  readonly brackets: readonly Bracket[];
  readonly places: number;
};

/** Inputs, cost figures and the largest long and short the available balance opens, with their formulas. */
export function explainDraftOrder(subject: DraftToExplain): Explanation {
  const { draft, available, lotSize, brackets, places } = subject;
  const cost = orderCost(draft, places);
  const most = maxLongAndShort(draft, { available, lotSize, brackets, places });
  const gap = draft.side === 'long' ? 'price − markPrice' : 'markPrice − price';
  const maxOpenOf = (side: string) =>
    `maxOpen('${side}', price, leverage, markPrice, takerFeeRate, available, lotSize, places)`;
  return {
    side: input(draft.side),
    price: input(text(draft.price)),
    size: input(text(draft.size)),
    leverage: input(String(draft.leverage)),
    markPrice: input(text(draft.markPrice)),
    takerFeeRate: input(text(draft.takerFeeRate)),
    available: input(text(available)),
    lotSize: input(text(lotSize)),
    places: input(String(places)),
    notional: figure(cost.notional, 'price × size'),
    ...bracketFigures('bracket', bracketFor(brackets, cost.notional), 'bracketFor(notional)'),
    initialMargin: figure(cost.initialMargin, 'roundUp(notional / leverage, places)'),
    openLoss: figure(cost.openLoss, `roundUp(size × max(${gap}, 0), places)`),
    fee: figure(cost.fee, 'roundUp(notional × takerFeeRate, places)'),
    cost: figure(cost.cost, 'initialMargin + openLoss + fee'),
    maxLong: figure(most.maxLong, maxOpenOf('long')),
    maxShort: figure(most.maxShort, maxOpenOf('short')),
  };
}
