import type { OrderView, UserTrade } from '@kestrel/contract';
import type { SpotOrderRow, SpotTradeRow } from './spot.schema';
import type { MarketMath } from './spot-math';

/** The columns of an order the view reads: a real order's, or a demo order's (decision 0055). */
export type OrderColumns = Pick<
  SpotOrderRow,
  | 'id'
  | 'symbol'
  | 'side'
  | 'type'
  | 'timeInForce'
  | 'postOnly'
  | 'price'
  | 'size'
  | 'total'
  | 'filledSize'
  | 'filledTotal'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
>;

/** The contract's view of an order, amounts in the market's and assets' decimals. */
export function viewOf(row: OrderColumns, math: MarketMath): OrderView {
  const filledBase = math.parseBase(row.filledSize);
  const filledQuote = math.parseQuoteNumeric(row.filledTotal);
  return {
    id: String(row.id),
    symbol: row.symbol,
    side: row.side === 'buy' ? 'buy' : 'sell',
    type: row.type === 'market' ? 'market' : 'limit',
    timeInForce: row.timeInForce as OrderView['timeInForce'],
    postOnly: row.postOnly,
    price: row.price === null ? null : math.formatPrice(row.price),
    size: row.size === null ? null : math.formatSize(row.size),
    total: row.total === null ? null : math.formatQuote(math.parseQuoteNumeric(row.total)),
    filledSize: math.formatBase(filledBase),
    filledTotal: math.formatQuote(filledQuote),
    averagePrice: math.averagePrice(filledQuote, filledBase),
    status: row.status as OrderView['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One of the user's fills, from their side of the trade. */
export function userTradeOf(row: SpotTradeRow, userId: number, math: MarketMath): UserTrade {
  // A user trading with themselves is prevented by the engine, so a trade has one side per user.
  const role = row.takerUserId === userId ? 'taker' : 'maker';
  const takerSide = row.takerSide === 'buy' ? 'buy' : 'sell';
  const side = role === 'taker' ? takerSide : takerSide === 'buy' ? 'sell' : 'buy';
  const fee = role === 'taker' ? row.takerFee : row.makerFee;
  return {
    id: String(row.id),
    orderId: String(role === 'taker' ? row.takerOrderId : row.makerOrderId),
    symbol: row.symbol,
    side,
    role,
    price: math.formatPrice(row.price),
    size: math.formatSize(row.size),
    total: math.formatQuote(math.parseQuoteNumeric(row.quoteAmount)),
    fee:
      side === 'buy' ? math.formatBase(math.parseBase(fee)) : math.formatQuote(math.parseQuoteNumeric(fee)),
    feeAsset: side === 'buy' ? math.market.base : math.market.quote,
    createdAt: row.createdAt.toISOString(),
  };
}
