/** The market maker (decision 0040); its platform account is kept by the auth module. */
export { MARKET_MAKER_JOB, MarketMaker } from './market-maker';
