import { endpoints, placedOrderOutcome } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService, UserRow } from '../auth';
import type { DemoDesk } from './demo-desk';
import type { SpotOrdersService } from './spot-orders.service';

/**
 * The user's spot orders and trades, under /api/spot. A demo session's are the demo desk's (decision 0055): the
 * same answers, never the real books.
 */
export const spotRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  spot: SpotOrdersService;
  desk: DemoDesk;
  idempotency: Idempotency;
}> = async (app, { auth, spot, desk, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });
  const orders = (user: UserRow) => (user.book === 'demo' ? desk : spot);
  route(endpoints.placeSpotOrder, async (request, _reply, { reference, keyed }) => {
    // Without a key no retry can repeat the reference: the order is stored without one.
    const order = await orders(request.user).place(request.user.id, request.body, keyed ? reference : null);
    return ok(order, request.t(placedOrderOutcome(order).key));
  });

  route(endpoints.cancelSpotOrder, async (request) =>
    ok(
      await orders(request.user).cancel(request.user.id, request.params.id),
      request.t('orders.cancelSuccess'),
    ),
  );

  route(endpoints.cancelAllSpotOrders, async (request) =>
    ok(
      { cancelled: await orders(request.user).cancelAll(request.user.id, request.body.symbol) },
      request.t('orders.cancelSuccess'),
    ),
  );

  route(endpoints.listSpotOrders, async (request) =>
    ok(await orders(request.user).orders(request.user.id, request.query), request.t('common.success')),
  );

  route(endpoints.listSpotTrades, async (request) =>
    ok(await orders(request.user).trades(request.user.id, request.query), request.t('common.success')),
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
