export * from './check-order';
export { OrderBook, type OrderBookOptions } from './order-book';
export * from './types';
export { lotsOf, notionalOf, priceOf, sizeOf, ticksOf } from './units';
