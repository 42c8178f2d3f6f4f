/*
 * Every input and intermediate figure behind a position's and a draft order's numbers, as strings, so that
 * GET /api/futures/explain can return them verbatim and anyone can redo the arithmetic by hand.
 */
import { type Decimal, formatDecimal } from '@kestrel/money';
import { type Bracket, bracketFor, maintenanceMargin } from './brackets';
import { times } from './figures';
import {
  bankruptcyPrice,
  type CrossAccount,
  crossLiquidationPrice,
  crossLiquidationPrices,
  isolatedLiquidationPrice,
} from './liquidation';
import { initialMargin, maxLongAndShort, type OpenDraft, orderCost } from './margin';
import { pnlPercent, unrealizedPnl } from './pnl';
import type { Position } from './position';

/** Figures by name; null where a figure does not exist (no liquidation price). */
export type Explanation = Record<string, string | null>;

const text = (value: Decimal | null): string | null => (value ? formatDecimal(value) : null);

function bracketFigures(prefix: string, bracket: Bracket): Explanation {
  return {
    [`${prefix}.notionalFloor`]: text(bracket.notionalFloor),
    [`${prefix}.notionalCap`]: text(bracket.notionalCap),
    [`${prefix}.maxLeverage`]: String(bracket.maxLeverage),
    [`${prefix}.maintenanceMarginRate`]: text(bracket.maintenanceMarginRate),
    [`${prefix}.maintenanceAmount`]: text(bracket.maintenanceAmount),
  };
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

/** Inputs, bracket, notional, margins, pnl and liquidation figures of one position. */
export function explainPosition(input: PositionToExplain): Explanation {
  const { position, markPrice, leverage, brackets, tickSize, places, margin } = input;
  const notional = times(position.size, markPrice);
  const entryNotional = times(position.size, position.entryPrice);
  const figures: Explanation = {
    side: position.side,
    size: text(position.size),
    entryPrice: text(position.entryPrice),
    markPrice: text(markPrice),
    leverage: String(leverage),
    tickSize: text(tickSize),
    marginMode: margin.mode,
    'notional.atMark': text(notional),
    'notional.atEntry': text(entryNotional),
    ...bracketFigures('bracket', bracketFor(brackets, notional)),
    maintenanceMargin: text(maintenanceMargin(notional, brackets)),
    initialMargin: text(initialMargin(entryNotional, leverage, places)),
    unrealizedPnl: text(unrealizedPnl(position.side, position.size, position.entryPrice, markPrice)),
    pnlPercent: text(pnlPercent(position.side, position.size, position.entryPrice, markPrice, leverage)),
  };
  if (margin.mode === 'isolated') {
    const isolated = { ...position, isolatedMargin: margin.isolatedMargin };
    return {
      ...figures,
      isolatedMargin: text(margin.isolatedMargin),
      liquidationPrice: text(isolatedLiquidationPrice(isolated, brackets, tickSize)),
      bankruptcyPrice: text(bankruptcyPrice(isolated, tickSize)),
    };
  }
  const { account } = margin;
  const both = crossLiquidationPrices(account, brackets, tickSize);
  return {
    ...figures,
    walletBalance: text(account.walletBalance),
    otherMaintenanceMargin: text(account.otherMaintenanceMargin),
    otherUnrealizedPnl: text(account.otherUnrealizedPnl),
    'long.size': text(account.long?.size ?? null),
    'long.entryPrice': text(account.long?.entryPrice ?? null),
    'short.size': text(account.short?.size ?? null),
    'short.entryPrice': text(account.short?.entryPrice ?? null),
    'liquidationPrice.whenFalling': text(both.whenFalling),
    'liquidationPrice.whenRising': text(both.whenRising),
    liquidationPrice: text(crossLiquidationPrice(account, brackets, tickSize)),
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

/** Inputs, cost figures and the largest long and short the available balance opens. */
export function explainDraftOrder(input: DraftToExplain): Explanation {
  const { draft, available, lotSize, brackets, places } = input;
  const cost = orderCost(draft, places);
  const most = maxLongAndShort(draft, { available, lotSize, brackets, places });
  return {
    side: draft.side,
    price: text(draft.price),
    size: text(draft.size),
    leverage: String(draft.leverage),
    markPrice: text(draft.markPrice),
    takerFeeRate: text(draft.takerFeeRate),
    available: text(available),
    lotSize: text(lotSize),
    notional: text(cost.notional),
    ...bracketFigures('bracket', bracketFor(brackets, cost.notional)),
    initialMargin: text(cost.initialMargin),
    openLoss: text(cost.openLoss),
    fee: text(cost.fee),
    cost: text(cost.cost),
    maxLong: text(most.maxLong),
    maxShort: text(most.maxShort),
  };
}
