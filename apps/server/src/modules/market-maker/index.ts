/** The market maker (decision 0040); its platform account is kept by the auth module. */
export { MarketMaker } from './market-maker';
