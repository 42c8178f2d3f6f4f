import {
  type ExplainQuery,
  type FuturesAction,
  type FuturesMarket,
  type FuturesOrderType,
  LEVERAGE_CONFIRMATION_ABOVE,
  type LeverageBracket,
  type MarginMode,
  type PlaceFuturesOrderBody,
  type PositionSide,
} from '@kestrel/contract';
import { type Bracket, maxLongAndShort, orderCost } from '@kestrel/futures';
import {
  compareDecimals,
  type Decimal,
  decimalOf,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  parseTypedDecimal as read,
  toScale,
  toStep,
} from '@kestrel/money';

/*
 * The futures order form's logic, apart from the screen: the four directions, the leverage the brackets allow,
 * and the live max long, max short and cost, computed with the same formulas as the server (@kestrel/futures).
 * Amounts stay decimal strings; nothing becomes a JS number.
 */

/** USDT's places in the ledger: every margin, cost and fee is rounded up to them (decision 0045). */
export const QUOTE_PLACES = 6;

/** Open: a long or a short is opened; close: a position's size is sold or bought back. */
export type FormTab = 'open' | 'close';

export type FuturesDraft = {
  tab: FormTab;
  type: FuturesOrderType;
  price: string;
  size: string;
  /** Whether the take profit and stop loss fields are shown (opening only). */
  triggers: boolean;
  takeProfit: string;
  stopLoss: string;
};

export const emptyFuturesDraft = (tab: FormTab = 'open'): FuturesDraft => ({
  tab,
  type: 'limit',
  price: '',
  size: '',
  triggers: false,
  takeProfit: '',
  stopLoss: '',
});

/** The action of a button of the form: Open tab → open long / open short, Close tab → close long / close short. */
export function actionOf(tab: FormTab, side: PositionSide): FuturesAction {
  if (tab === 'open') return side === 'long' ? 'openLong' : 'openShort';
  return side === 'long' ? 'closeLong' : 'closeShort';
}

/** The highest leverage a market's brackets allow (the first bracket's, the smallest notionals). */
export function maxLeverageOf(brackets: readonly LeverageBracket[]): number {
  return brackets.reduce((max, bracket) => Math.max(max, bracket.maxLeverage), 1);
}

/** Whether choosing `leverage` asks the user to confirm the risk first. */
export function needsLeverageConfirmation(leverage: number): boolean {
  return leverage > LEVERAGE_CONFIRMATION_ABOVE;
}

/** The market's brackets as the formulas take them. */
export function bracketsOf(market: Pick<FuturesMarket, 'brackets'>): Bracket[] {
  return market.brackets.map((bracket) => ({
    notionalFloor: decimalOf(bracket.notionalFloor),
    notionalCap: decimalOf(bracket.notionalCap),
    maxLeverage: bracket.maxLeverage,
    maintenanceMarginRate: decimalOf(bracket.maintenanceMarginRate),
    maintenanceAmount: decimalOf(bracket.maintenanceAmount),
  }));
}

export type LiveInput = {
  draft: FuturesDraft;
  market: Pick<FuturesMarket, 'lotSize' | 'takerFee' | 'brackets'>;
  leverage: number;
  /** The futures account's available USDT; undefined while unknown. */
  available: string | undefined;
  /** The mark price (a market order is priced at it); null before the first price. */
  markPrice: string | null;
};

/** What the form shows under its buttons, as decimal strings; null where a figure cannot be known yet. */
export type LiveFigures = {
  maxLong: string | null;
  maxShort: string | null;
  /** What opening the typed size would freeze, per side; null without a size. */
  costLong: string | null;
  costShort: string | null;
};

const positive = (value: Decimal | undefined): value is Decimal => value !== undefined && value.units > 0n;

/** The price an order is costed at: the typed limit price, or the mark for a market order. */
function pricedAt(draft: FuturesDraft, markPrice: string | null): Decimal | undefined {
  if (draft.type === 'market') return markPrice === null ? undefined : read(markPrice);
  return read(draft.price);
}

/** Max long, max short and each side's cost of the typed size, from the market's brackets and the balance. */
export function liveFigures({ draft, market, leverage, available, markPrice }: LiveInput): LiveFigures {
  const price = pricedAt(draft, markPrice);
  const mark = markPrice === null ? undefined : read(markPrice);
  const balance = available === undefined ? undefined : read(available);
  if (!positive(price) || !positive(mark)) {
    return { maxLong: null, maxShort: null, costLong: null, costShort: null };
  }
  const takerFeeRate = decimalOf(market.takerFee);
  const brackets = bracketsOf(market);
  const lotSize = decimalOf(market.lotSize);
  const base = { price, leverage, markPrice: mark, takerFeeRate };
  const max =
    balance === undefined
      ? null
      : maxLongAndShort(base, { available: balance, lotSize, brackets, places: QUOTE_PLACES });
  const size = read(draft.size);
  const cost = (side: PositionSide) =>
    positive(size) ? formatDecimal(orderCost({ ...base, side, size }, QUOTE_PLACES).cost) : null;
  return {
    maxLong: max ? formatDecimal(max.maxLong) : null,
    maxShort: max ? formatDecimal(max.maxShort) : null,
    costLong: cost('long'),
    costShort: cost('short'),
  };
}

/**
 * What the server explains for one button's max and cost: the typed draft at the form's leverage and margin mode
 * (a market order at the mark price); null until there is a size to cost (and a price, for a limit).
 */
export function explainQueryOf(
  draft: FuturesDraft,
  symbol: string,
  side: PositionSide,
  setting: { leverage: number; marginMode: MarginMode },
): ExplainQuery | null {
  if (draft.tab !== 'open') return null;
  const size = read(draft.size);
  const price = draft.type === 'limit' ? read(draft.price) : undefined;
  if (!positive(size) || (draft.type === 'limit' && !positive(price))) return null;
  return {
    symbol,
    action: actionOf('open', side),
    type: draft.type,
    size: formatDecimal(size),
    ...(price ? { price: formatDecimal(price) } : {}),
    leverage: setting.leverage,
    marginMode: setting.marginMode,
  };
}

/** `percent` (0–100) of `maximum`, down to the lot: the size slider. */
export function sizeAtPercent(maximum: string, percent: number, lotSize: string): string {
  const max = read(maximum);
  const lot = read(lotSize);
  if (!max || !lot || lot.units === 0n) return '';
  const share = divideDecimals(
    multiplyDecimals(max, { units: BigInt(percent), scale: 0 }),
    decimalOf('100'),
    max.scale,
    'down',
  );
  const size = toScale(toStep(share, lot, 'down'), lot.scale, 'down');
  return size.units > 0n ? formatDecimal(size) : '';
}

/** How many percent (0–100, whole) of `maximum` the typed size is. */
export function percentOfMax(size: string, maximum: string | null): number {
  const part = read(size);
  const whole = maximum === null ? undefined : read(maximum);
  if (!part || !whole || whole.units === 0n) return 0;
  const share = divideDecimals(multiplyDecimals(part, decimalOf('100')), whole, 0, 'down').units;
  return share > 100n ? 100 : Number(share);
}

export type FormProblem = { field: 'price' | 'size' | 'takeProfit' | 'stopLoss'; key: string };

/**
 * The order a button sends, or what is wrong with the draft (the server checks it again: the tick, the lot and
 * the triggers against the liquidation price).
 */
export function orderBody(
  draft: FuturesDraft,
  symbol: string,
  side: PositionSide,
): { ok: true; body: PlaceFuturesOrderBody } | { ok: false; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const limit = draft.type === 'limit';
  if (limit && !positive(read(draft.price)))
    problems.push({ field: 'price', key: 'orders.errors.priceRequired' });
  if (!positive(read(draft.size)))
    problems.push({ field: 'size', key: 'futures.screen.errors.sizeRequired' });
  const opening = draft.tab === 'open' && draft.triggers;
  const trigger = (field: 'takeProfit' | 'stopLoss') => {
    const text = draft[field];
    if (!opening || text === '') return undefined;
    if (!positive(read(text))) problems.push({ field, key: 'futures.screen.errors.triggerInvalid' });
    return text;
  };
  const takeProfit = trigger('takeProfit');
  const stopLoss = trigger('stopLoss');
  const reference = limit ? read(draft.price) : undefined;
  // Beside the price they protect: a long's take profit above it and stop loss below, a short's the reverse.
  if (reference && positive(reference)) {
    const above = side === 'long' ? 1 : -1;
    if (
      takeProfit &&
      positive(read(takeProfit)) &&
      compareDecimals(decimalOf(takeProfit), reference) !== above
    )
      problems.push({ field: 'takeProfit', key: `futures.screen.errors.takeProfitSide.${side}` });
    if (stopLoss && positive(read(stopLoss)) && compareDecimals(decimalOf(stopLoss), reference) !== -above)
      problems.push({ field: 'stopLoss', key: `futures.screen.errors.stopLossSide.${side}` });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    body: {
      symbol,
      action: actionOf(draft.tab, side),
      type: draft.type,
      ...(limit ? { price: draft.price } : {}),
      size: draft.size,
      ...(takeProfit ? { takeProfit } : {}),
      ...(stopLoss ? { stopLoss } : {}),
    },
  };
}
