import { endpoints, placedOrderOutcome } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { SpotOrdersService } from './spot-orders.service';

/** The user's spot orders and trades, under /api/spot. */
export const spotRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  spot: SpotOrdersService;
  idempotency: Idempotency;
}> = async (app, { auth, spot, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });
  route(endpoints.placeSpotOrder, async (request, _reply, { reference, keyed }) => {
    // Without a key no retry can repeat the reference: the order is stored without one.
    const order = await spot.place(request.user.id, request.body, keyed ? reference : null);
    return ok(order, request.t(placedOrderOutcome(order).key));
  });

  route(endpoints.cancelSpotOrder, async (request) =>
    ok(await spot.cancel(request.user.id, request.params.id), request.t('orders.cancelSuccess')),
  );

  route(endpoints.cancelAllSpotOrders, async (request) =>
    ok(
      { cancelled: await spot.cancelAll(request.user.id, request.body.symbol) },
      request.t('orders.cancelSuccess'),
    ),
  );

  route(endpoints.listSpotOrders, async (request) =>
    ok(await spot.orders(request.user.id, request.query), request.t('common.success')),
  );

  route(endpoints.listSpotTrades, async (request) =>
    ok(await spot.trades(request.user.id, request.query), request.t('common.success')),
  );
};

/** Public order book and trades, under /api/markets. */
export const spotMarketRoutes: FastifyPluginAsyncZod<{ spot: SpotOrdersService }> = async (app, { spot }) => {
  const route = routesOf(app, {});
  route(endpoints.listLatestTrades, async (request) =>
    ok(await spot.latestTrades(), request.t('common.success')),
  );

  route(endpoints.getMarketDepth, async (request) =>
    ok(await spot.depth(request.params.symbol, request.query.levels), request.t('common.success')),
  );

  route(endpoints.listMarketTrades, async (request) =>
    ok(await spot.publicTrades(request.params.symbol), request.t('common.success')),
  );
};
