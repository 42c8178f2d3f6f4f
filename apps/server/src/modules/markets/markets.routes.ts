import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { MarketsService } from './markets.service';

/** Markets, their prices and candles: public, no token. */
export const marketRoutes: FastifyPluginAsyncZod<{ markets: MarketsService }> = async (app, { markets }) => {
  const route = routesOf(app, {});
  route(endpoints.listMarkets, async (request) =>
    ok({ items: markets.summaries() }, request.t('common.success')),
  );

  route(endpoints.getMarket, async (request) =>
    ok(markets.summary(request.params.symbol), request.t('common.success')),
  );

  route(endpoints.getMarketCandles, async (request) =>
    ok(await markets.candles(request.params.symbol, request.query), request.t('common.success')),
  );
};

/** Operators' configuration of markets (super admins); every change is audited with its reason. */
export const marketAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  markets: MarketsService;
}> = async (app, { admins, markets }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listAdminMarkets, async (request) =>
    ok({ items: markets.adminMarkets() }, request.t('common.success')),
  );

  route(endpoints.updateMarket, async (request) =>
    ok(
      await markets.update(request.params.symbol, request.body, actorOf(request)),
      request.t('admin.markets.saved'),
    ),
  );
};
