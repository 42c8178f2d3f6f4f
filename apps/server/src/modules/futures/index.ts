/** USDT-margined perpetual futures (ARCHITECTURE.md section 6, decisions 0045 and 0046). */

export { FundingSettlement } from './funding';
export { FencedOut, FundingRepository } from './funding.repository';
export { futuresFills, futuresFillsBetween } from './futures.read-model';
export { type FuturesMarketConfig, FuturesMarkets, type SpotDirectory } from './futures-markets';
export { FuturesMarketsRepository } from './futures-markets.repository';
export { futuresMarketAdminRoutes, futuresMarketRoutes, futuresMarketView } from './futures-markets.routes';
export { FuturesOrdersRepository } from './futures-orders.repository';
export { futuresBookRoutes, futuresOrdersRoutes } from './futures-orders.routes';
export { type FuturesIndex, FuturesOrdersService } from './futures-orders.service';
export { type FuturesSetting, FuturesSettings } from './futures-settings';
export { FuturesSettingsRepository } from './futures-settings.repository';
export { FuturesStats } from './futures-stats';
export { FUTURES_MARKS_TOPIC, FuturesTickers, type IndexPrices } from './futures-tickers';
export {
  type DueFunding,
  type FuturesMark,
  MarkPriceTracker,
  type MarkSample,
  nextFundingTimeAfter,
} from './mark-price';
