import { endpoints, type FuturesOrderView } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { FuturesOrdersService } from './futures-orders.service';

/** What the answer to a placed futures order says: refused, unfilled, or done. */
function outcomeOf(order: FuturesOrderView): TranslationKey {
  if (order.status === 'rejected') return 'spot.notPlaced';
  if (order.status === 'cancelled' && !/[1-9]/.test(order.filledSize)) return 'spot.nothingFilled';
  return 'common.success';
}

/** The user's futures orders, positions and funding payments, under /api/futures. */
export const futuresOrdersRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  futures: FuturesOrdersService;
  idempotency: Idempotency;
}> = async (app, { auth, futures, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });
  route(endpoints.placeFuturesOrder, async (request, _reply, { reference, keyed }) => {
    const order = await futures.place(request.user.id, request.body, keyed ? reference : null);
    return ok(order, request.t(outcomeOf(order)));
  });

  route(endpoints.cancelFuturesOrder, async (request) =>
    ok(await futures.cancel(request.user.id, request.params.id), request.t('orders.cancelSuccess')),
  );

  route(endpoints.listFuturesOrders, async (request) =>
    ok(await futures.orders(request.user.id, request.query), request.t('common.success')),
  );

  route(endpoints.listFuturesPositions, async (request) =>
    ok({ items: await futures.positions(request.user.id) }, request.t('common.success')),
  );

  route(endpoints.closeFuturesPosition, async (request, _reply, { reference, keyed }) => {
    const order = await futures.closePosition(request.user.id, request.body, keyed ? reference : null);
    return ok(order, request.t(outcomeOf(order)));
  });

  route(endpoints.setPositionTriggers, async (request) =>
    ok(await futures.setTriggers(request.user.id, request.body), request.t('common.success')),
  );

  route(endpoints.changePositionMargin, async (request) =>
    ok(await futures.changeMargin(request.user.id, request.body), request.t('common.success')),
  );

  route(endpoints.explainFutures, async (request) =>
    ok(await futures.explain(request.user.id, request.query), request.t('common.success')),
  );

  route(endpoints.listFundingPayments, async (request) =>
    ok(await futures.fundingPayments(request.user.id, request.query), request.t('common.success')),
  );
};

/** A perpetual's public book and trades, under /api/futures/markets. */
export const futuresBookRoutes: FastifyPluginAsyncZod<{ futures: FuturesOrdersService }> = async (
  app,
  { futures },
) => {
  const route = routesOf(app, {});
  route(endpoints.getFuturesDepth, async (request) =>
    ok(await futures.depth(request.params.symbol, request.query.levels), request.t('common.success')),
  );

  route(endpoints.listFuturesMarketTrades, async (request) =>
    ok(await futures.publicTrades(request.params.symbol), request.t('common.success')),
  );
};
