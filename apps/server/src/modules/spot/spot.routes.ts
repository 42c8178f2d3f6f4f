import {
  cancelAllBody,
  cancelAllResult,
  depthQuery,
  depthSnapshot,
  latestTradeList,
  marketParams,
  orderPage,
  orderParams,
  ordersQuery,
  orderView,
  placedOrderOutcome,
  placeOrderBody,
  publicTradeList,
  tradesQuery,
  userTradePage,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { SpotOrdersService } from './spot-orders.service';

const security = [{ token: [] }];

/** The user's spot orders and trades, under /api/spot. */
export const spotRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  spot: SpotOrdersService;
  idempotency: Idempotency;
}> = async (app, { auth, spot, idempotency }) => {
  app.post(
    '/orders',
    {
      schema: {
        operationId: 'placeSpotOrder',
        tags: ['spot'],
        summary:
          'Place a limit or market order; its funds are frozen, it is matched in the order the database accepted it, and the answer is the order once its fills are settled. Send an Idempotency-Key header to retry safely',
        security,
        body: placeOrderBody,
        response: responses(orderView),
      },
      preHandler: requireUser(auth),
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (reference, keyed) => {
        // Without a key no retry can repeat the reference: the order is stored without one.
        const order = await spot.place(request.user.id, request.body, keyed ? reference : null);
        return ok(order, request.t(placedOrderOutcome(order).key));
      }),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        operationId: 'cancelSpotOrder',
        tags: ['spot'],
        summary: 'Cancel one of your live orders; what it still holds frozen is given back',
        security,
        params: orderParams,
        response: responses(orderView),
      },
      preHandler: requireUser(auth),
    },
    async (request) =>
      ok(await spot.cancel(request.user.id, request.params.id), request.t('orders.cancelSuccess')),
  );

  app.post(
    '/orders/cancel-all',
    {
      schema: {
        operationId: 'cancelAllSpotOrders',
        tags: ['spot'],
        summary: 'Cancel all your live orders, in one market or in every market',
        security,
        body: cancelAllBody,
        response: responses(cancelAllResult),
      },
      preHandler: requireUser(auth),
    },
    async (request) =>
      ok(
        { cancelled: await spot.cancelAll(request.user.id, request.body.symbol) },
        request.t('orders.cancelSuccess'),
      ),
  );

  app.get(
    '/orders',
    {
      schema: {
        operationId: 'listSpotOrders',
        tags: ['spot'],
        summary: 'Your open orders (state=open) or your order history (state=history), newest first',
        security,
        querystring: ordersQuery,
        response: responses(orderPage),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await spot.orders(request.user.id, request.query), request.t('common.success')),
  );

  app.get(
    '/trades',
    {
      schema: {
        operationId: 'listSpotTrades',
        tags: ['spot'],
        summary: 'Your fills, newest first, with the fee of each',
        security,
        querystring: tradesQuery,
        response: responses(userTradePage),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await spot.trades(request.user.id, request.query), request.t('common.success')),
  );
};

/** Public order book and trades, under /api/markets. */
export const spotMarketRoutes: FastifyPluginAsyncZod<{ spot: SpotOrdersService }> = async (app, { spot }) => {
  app.get(
    '/trades/latest',
    {
      schema: {
        operationId: 'listLatestTrades',
        tags: ['markets'],
        summary: 'The latest public trades across every market, newest first',
        response: responses(latestTradeList),
      },
    },
    async (request) => ok(spot.latestTrades(), request.t('common.success')),
  );

  app.get(
    '/:symbol/depth',
    {
      schema: {
        operationId: 'getMarketDepth',
        tags: ['markets'],
        summary: "A market's order book, best levels first on both sides",
        params: marketParams,
        querystring: depthQuery,
        response: responses(depthSnapshot),
      },
    },
    async (request) =>
      ok(await spot.depth(request.params.symbol, request.query.levels), request.t('common.success')),
  );

  app.get(
    '/:symbol/trades',
    {
      schema: {
        operationId: 'listMarketTrades',
        tags: ['markets'],
        summary: "A market's latest public trades, newest first",
        params: marketParams,
        response: responses(publicTradeList),
      },
    },
    async (request) => ok(await spot.publicTrades(request.params.symbol), request.t('common.success')),
  );
};
