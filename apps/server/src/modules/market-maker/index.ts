/** The market maker (decision 0040); its platform account is kept by the auth module. */
export {
  FUTURES_MARKET_MAKER_JOB,
  FuturesMarketMaker,
  MARKET_MAKER_JOB,
  MarketMaker,
} from './market-maker';
