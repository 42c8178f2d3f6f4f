import type {
  FuturesAction,
  FuturesOrderOrigin,
  FuturesOrderView,
  FuturesPosition,
  MarginMode,
  PositionSide,
  PublicTrade,
} from '@kestrel/contract';
import {
  type CrossAccount,
  crossLiquidationPrice,
  initialMargin,
  isolatedLiquidationPrice,
  maintenanceMargin,
  pnlPercent,
  unrealizedPnl,
} from '@kestrel/futures';
import {
  type Decimal,
  decimalOf,
  divideDecimals,
  formatDecimal,
  multiplyDecimals,
  normalize,
  toScale,
} from '@kestrel/money';
import type { FuturesOrderRow, FuturesPositionRow, FuturesTradeRow } from './futures.schema';
import type { FuturesMarketConfig } from './futures-markets';

/** A figure as the API writes it: exact, without trailing zeros. */
export const plain = (value: Decimal): string => formatDecimal(normalize(value));

/** A stored NUMERIC as the API writes it. */
const stored = (text: string) => plain(decimalOf(text));

export function orderViewOf(row: FuturesOrderRow, places: number): FuturesOrderView {
  const filled = decimalOf(row.filledSize);
  const closing = row.action === 'closeLong' || row.action === 'closeShort';
  const price = row.price === null ? null : decimalOf(row.price);
  const margin =
    closing || price === null
      ? '0'
      : plain(initialMargin(multiplyDecimals(price, decimalOf(row.size)), row.leverage, places));
  return {
    id: String(row.id),
    symbol: row.symbol,
    action: row.action as FuturesAction,
    type: row.type as FuturesOrderView['type'],
    timeInForce: row.timeInForce as FuturesOrderView['timeInForce'],
    postOnly: row.postOnly,
    // A market order's stored price is its protection limit, not a price the user named.
    price: row.type === 'market' || price === null ? null : plain(price),
    size: stored(row.size),
    filledSize: plain(filled),
    averagePrice:
      filled.units === 0n
        ? null
        : plain(divideDecimals(decimalOf(row.filledTotal), filled, places + 2, 'halfUp')),
    leverage: row.leverage,
    marginMode: row.marginMode as MarginMode,
    margin,
    takeProfit: row.takeProfit === null ? null : stored(row.takeProfit),
    stopLoss: row.stopLoss === null ? null : stored(row.stopLoss),
    realizedPnl: stored(row.realizedPnl),
    fee: stored(row.fee),
    status: row.status as FuturesOrderView['status'],
    origin: row.origin as FuturesOrderOrigin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a position's figures need besides its row: its market, mark price, and the account around it (cross). */
export type PositionContext = {
  market: FuturesMarketConfig;
  markPrice: Decimal;
  places: number;
  /** The cross account of this market, for a cross position's liquidation price. */
  cross: CrossAccount;
};

export function positionViewOf(row: FuturesPositionRow, context: PositionContext): FuturesPosition {
  const { market, markPrice, places } = context;
  const side = row.side as PositionSide;
  const size = decimalOf(row.size);
  const entryPrice = decimalOf(row.entryPrice);
  const margin = decimalOf(row.margin);
  const liquidation =
    row.marginMode === 'isolated'
      ? isolatedLiquidationPrice(
          { side, size, entryPrice, isolatedMargin: margin },
          market.brackets,
          market.tickSize,
        )
      : crossLiquidationPrice(context.cross, market.brackets, market.tickSize);
  return {
    symbol: row.symbol,
    side,
    size: plain(size),
    entryPrice: plain(entryPrice),
    markPrice: plain(markPrice),
    liquidationPrice: liquidation ? plain(liquidation) : null,
    margin: plain(margin),
    maintenanceMargin: plain(
      toScale(maintenanceMargin(multiplyDecimals(size, markPrice), market.brackets), places, 'up'),
    ),
    marginMode: row.marginMode as MarginMode,
    leverage: row.leverage,
    unrealizedPnl: plain(toScale(unrealizedPnl(side, size, entryPrice, markPrice), places, 'down')),
    pnlPercent: plain(pnlPercent(side, size, entryPrice, markPrice, row.leverage)),
    takeProfit: row.takeProfit === null ? null : stored(row.takeProfit),
    stopLoss: row.stopLoss === null ? null : stored(row.stopLoss),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function publicTradeOf(row: FuturesTradeRow): PublicTrade {
  return {
    id: row.tradeKey,
    price: stored(row.price),
    size: stored(row.size),
    side: row.takerSide === 'buy' ? 'buy' : 'sell',
    time: row.createdAt.getTime(),
  };
}
