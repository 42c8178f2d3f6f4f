import {
  adminMarket,
  adminMarketList,
  adminMarketUpdateBody,
  candleList,
  candlesQuery,
  marketList,
  marketParams,
  marketSummary,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { MarketsService } from './markets.service';

const security = [{ token: [] }];

/** Markets, their prices and candles: public, no token. */
export const marketRoutes: FastifyPluginAsyncZod<{ markets: MarketsService }> = async (app, { markets }) => {
  app.get(
    '/',
    {
      schema: {
        operationId: 'listMarkets',
        tags: ['markets'],
        summary: 'Every market with its index price, whether the price is stale, and its 24-hour statistics',
        response: responses(marketList),
      },
    },
    async (request) => ok({ items: markets.summaries() }, request.t('common.success')),
  );

  app.get(
    '/:symbol',
    {
      schema: {
        operationId: 'getMarket',
        tags: ['markets'],
        summary: "One market's settings, index price and 24-hour statistics",
        params: marketParams,
        response: responses(marketSummary),
      },
    },
    async (request) => ok(markets.summary(request.params.symbol), request.t('common.success')),
  );

  app.get(
    '/:symbol/candles',
    {
      schema: {
        operationId: 'getMarketCandles',
        tags: ['markets'],
        summary:
          'Candles of an interval, oldest first, the one being formed last; `before` pages further back',
        params: marketParams,
        querystring: candlesQuery,
        response: responses(candleList),
      },
    },
    async (request) =>
      ok(await markets.candles(request.params.symbol, request.query), request.t('common.success')),
  );
};

/** Operators' configuration of markets (super admins); every change is audited with its reason. */
export const marketAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  markets: MarketsService;
}> = async (app, { admins, markets }) => {
  const superAdmin = requireAdmin(admins, { roles: ['super_admin'] });

  app.get(
    '/markets',
    {
      schema: {
        operationId: 'listAdminMarkets',
        tags: ['admin'],
        summary:
          'Every market with its settings, index price, staleness and whether the market maker quotes it',
        security,
        response: responses(adminMarketList),
      },
      onRequest: superAdmin,
    },
    async (request) => ok({ items: markets.adminMarkets() }, request.t('common.success')),
  );

  app.patch(
    '/markets/:symbol',
    {
      schema: {
        operationId: 'updateMarket',
        tags: ['admin'],
        summary:
          'Open or close a market, switch its market maker, change its fees and minimum total, or (closed only) its tick and lot size',
        security,
        params: marketParams,
        body: adminMarketUpdateBody,
        response: responses(adminMarket),
      },
      onRequest: superAdmin,
    },
    async (request) =>
      ok(
        await markets.update(request.params.symbol, request.body, actorOf(request)),
        request.t('admin.markets.saved'),
      ),
  );
};
