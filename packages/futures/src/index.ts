export * from './brackets';
export * from './explain';
export { type Side, WORKING_PLACES } from './figures';
export * from './funding';
export * from './liquidation';
export * from './margin';
export * from './mark-price';
export * from './pnl';
export * from './position';
