/** Markets, their candles and price feeds (decision 0040). */
export { priceFeedOf } from './feed-of';
export { MarketsRepository } from './markets.repository';
export { marketAdminRoutes, marketRoutes } from './markets.routes';
export type { Market } from './markets.service';
export { MARKET_DATA_JOB, MarketsService } from './markets.service';
