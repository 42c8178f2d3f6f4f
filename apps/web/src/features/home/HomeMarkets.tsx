import { HotDeals } from './HotDeals';
import { LatestTrades } from './LatestTrades';

/**
 * The home's market sections, below the fold: their own chunk (with the live connection and the market
 * formatters), loaded after the first paint.
 */
export function HomeMarkets() {
  return (
    <>
      <HotDeals />
      <LatestTrades />
    </>
  );
}
