/** A price in integer ticks of the market's tick size (a safe integer above zero). */
export type Ticks = number & { readonly __brand: 'Ticks' };
/** A quantity in integer lots of the market's lot size (a safe integer above zero). */
export type Lots = number & { readonly __brand: 'Lots' };

export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

export type NewOrder = {
  /** Unique per book: the server's order sequence number. */
  id: number;
  /** The user id, for self-trade prevention. */
  owner: number;
  side: Side;
  type: 'limit' | 'market';
  /** Limit orders only. */
  price?: Ticks;
  size: Lots;
  /** Default GTC. A market order never rests: GTC and IOC behave as IOC, FOK is all or nothing. */
  timeInForce?: TimeInForce;
  /** Limit orders only: rejected if it would take. */
  postOnly?: boolean;
  /** Market buys only: the budget in ticks×lots; the order stops before sum(price×lots) would exceed it. */
  maxNotional?: number;
};

export type RejectReason =
  | 'duplicateId'
  | 'invalidSize'
  | 'invalidPrice'
  | 'postOnlyWouldTake'
  | 'fokUnfillable'
  | 'unknownOrder';

/** `unfilled`: an IOC, market or budget remainder dropped; `selfTrade`: the taker met its owner's order. */
export type CancelReason = 'user' | 'unfilled' | 'selfTrade';

export type AcceptedEvent = { type: 'accepted'; orderId: number };
export type RejectedEvent = { type: 'rejected'; orderId: number; reason: RejectReason };
export type TradeEvent = {
  type: 'trade';
  takerOrderId: number;
  makerOrderId: number;
  takerOwner: number;
  makerOwner: number;
  takerSide: Side;
  /** Always the maker's price. */
  price: Ticks;
  size: Lots;
  makerRemaining: number;
  takerRemaining: number;
};
export type RestedEvent = { type: 'rested'; orderId: number; side: Side; price: Ticks; remaining: Lots };
/** The taker filled completely. */
export type FilledEvent = { type: 'filled'; orderId: number };
export type CancelledEvent = { type: 'cancelled'; orderId: number; remaining: number; reason: CancelReason };

export type EngineEvent =
  | AcceptedEvent
  | RejectedEvent
  | TradeEvent
  | RestedEvent
  | FilledEvent
  | CancelledEvent;

/** A resting order as the book reports it. */
export type RestingOrder = { id: number; owner: number; side: Side; price: Ticks; remaining: number };

/** Aggregated price levels, best first: [price, total lots]. */
export type Depth = { bids: Array<[Ticks, number]>; asks: Array<[Ticks, number]> };
