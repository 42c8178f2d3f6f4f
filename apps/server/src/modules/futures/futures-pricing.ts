import { type Decimal, decimalOf } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import type { LedgerService } from '../ledger';
import type { FuturesMarketConfig, FuturesMarkets } from './futures-markets';
import { MARGIN_ASSET } from './futures-risk';
import type { FuturesTickers, IndexPrices } from './futures-tickers';

/**
 * What an order or a position of a perpetual is priced by: the perpetual's settings, its mark price and the places
 * of the margin asset. Read alike by the orders API, the owner of a perpetual and the order requests it builds.
 */
export class FuturesPricing {
  constructor(
    private readonly markets: Pick<FuturesMarkets, 'market'>,
    private readonly tickers: Pick<FuturesTickers, 'latest'>,
    private readonly index: IndexPrices,
    private readonly ledger: Pick<LedgerService, 'assets'>,
  ) {}

  /** The mark price: the owner's latest, or the index before the first; refused when neither is known. */
  mark(symbol: string): Decimal {
    const mark = this.markOrUndefined(symbol);
    if (!mark) throw new AppError('futuresNoPrice');
    return mark;
  }

  markOrUndefined(symbol: string): Decimal | undefined {
    const latest = this.tickers.latest(symbol);
    if (latest) return latest.markPrice;
    const index = this.index.indexPrice(symbol);
    return index === null ? undefined : decimalOf(index);
  }

  marketOf(symbol: string): FuturesMarketConfig {
    const market = this.markets.market(symbol);
    if (!market) throw new AppError('unknownMarket');
    return market;
  }

  async places(): Promise<number> {
    const places = (await this.ledger.assets()).get(MARGIN_ASSET);
    if (places === undefined) throw new AppError('assetUnknown');
    return places;
  }
}
