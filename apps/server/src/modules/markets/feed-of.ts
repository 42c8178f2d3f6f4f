import type { Config } from '../../config';
import { ExchangeFeed } from './exchange-feed';
import type { PriceFeed } from './price-feed';
import { SimulatedFeed } from './simulated-feed';

/** The feed the configuration names: the simulation unless MARKET_FEED=exchange. */
export function priceFeedOf(config: Config, onError: (error: Error) => void): PriceFeed {
  return config.marketFeed === 'exchange'
    ? new ExchangeFeed({ url: config.marketFeedUrl, onError })
    : new SimulatedFeed({ seed: config.marketFeedSeed });
}
