import {
  type AdminFuturesMarket,
  endpoints,
  type FuturesMarket,
  type FuturesTickerMessage,
  type LeverageBracket,
} from '@kestrel/contract';
import type { Bracket } from '@kestrel/futures';
import { decimalOf, formatShortest } from '@kestrel/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import type { FuturesMarketConfig, FuturesMarkets } from './futures-markets';
import type { FuturesMarketsRepository } from './futures-markets.repository';
import type { FuturesSettings } from './futures-settings';
import type { FuturesStats } from './futures-stats';
import { type FuturesTickers, rateText } from './futures-tickers';

/** Settled funding rates answered at most. */
const FUNDING_RATES_LIMIT = 100;

const text = formatShortest;

export function bracketView(bracket: Bracket): LeverageBracket {
  return {
    notionalFloor: text(bracket.notionalFloor),
    notionalCap: text(bracket.notionalCap),
    maxLeverage: bracket.maxLeverage,
    maintenanceMarginRate: text(bracket.maintenanceMarginRate),
    maintenanceAmount: text(bracket.maintenanceAmount),
  };
}

/** A perpetual as the API publishes it: its configuration with its latest ticker. */
export function futuresMarketView(market: FuturesMarketConfig, ticker: FuturesTickerMessage): FuturesMarket {
  return {
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    tickSize: text(market.tickSize),
    lotSize: text(market.lotSize),
    minNotional: text(market.minNotional),
    makerFee: text(market.makerFee),
    takerFee: text(market.takerFee),
    open: market.open,
    markPrice: ticker.markPrice,
    indexPrice: ticker.indexPrice,
    fundingRate: ticker.fundingRate,
    nextFundingTime: ticker.nextFundingTime,
    fundingIntervalHours: market.fundingIntervalHours,
    stale: ticker.stale,
    stats: ticker.stats,
    brackets: market.brackets.map(bracketView),
  };
}

type Directory = { markets: FuturesMarkets; tickers: FuturesTickers; stats: FuturesStats };

function adminView({ markets, tickers }: Directory, market: FuturesMarketConfig): AdminFuturesMarket {
  return {
    ...futuresMarketView(market, tickers.tickerOf(market.symbol)),
    interestRate: text(market.interestRate),
    fundingCap: text(market.fundingCap),
    marketMaker: market.marketMaker,
    updatedAt: (markets.updatedAtOf(market.symbol) ?? new Date(0)).toISOString(),
  };
}

/** Perpetuals, their funding and the user's settings, under /api/futures. */
export const futuresMarketRoutes: FastifyPluginAsyncZod<
  Directory & { auth: AuthService; settings: FuturesSettings; repository: FuturesMarketsRepository }
> = async (app, { auth, markets, tickers, stats, settings, repository }) => {
  const route = routesOf(app, { auth });
  const marketOf = (symbol: string) => {
    const market = markets.market(symbol);
    if (!market) throw new AppError('futuresMarketUnknown');
    return market;
  };

  route(endpoints.listFuturesMarkets, async (request) => {
    await stats.current();
    const items = markets.all().map((market) => futuresMarketView(market, tickers.tickerOf(market.symbol)));
    return ok({ items }, request.t('common.success'));
  });

  route(endpoints.getFuturesMarket, async (request) => {
    const market = marketOf(request.params.symbol);
    await stats.current();
    return ok(futuresMarketView(market, tickers.tickerOf(market.symbol)), request.t('common.success'));
  });

  route(endpoints.listFundingRates, async (request) => {
    const market = marketOf(request.params.symbol);
    const rows = await repository.fundingRates(market.symbol, FUNDING_RATES_LIMIT);
    const items = rows.map((row) => ({
      time: row.fundingTime.toISOString(),
      rate: rateText(decimalOf(row.rate)),
      markPrice: formatShortest(decimalOf(row.markPrice)),
    }));
    return ok({ items }, request.t('common.success'));
  });

  route(endpoints.listFuturesSettings, async (request) =>
    ok({ items: await settings.list(request.user.id) }, request.t('common.success')),
  );

  route(endpoints.updateFuturesSettings, async (request) =>
    ok(await settings.update(request.user.id, request.body), request.t('futures.settings.saved')),
  );
};

/** Operators' configuration of perpetuals (super admins); every change is audited with its reason. */
export const futuresMarketAdminRoutes: FastifyPluginAsyncZod<Directory & { admins: AdminsService }> = async (
  app,
  directory,
) => {
  const { admins, markets, stats } = directory;
  const route = routesOf(app, { admins });

  route(endpoints.listAdminFuturesMarkets, async (request) => {
    await stats.current();
    return ok(
      { items: markets.all().map((market) => adminView(directory, market)) },
      request.t('common.success'),
    );
  });

  route(endpoints.updateFuturesMarket, async (request) => {
    const market = await markets.update(request.params.symbol, request.body, actorOf(request));
    return ok(adminView(directory, market), request.t('futures.markets.saved'));
  });
};
