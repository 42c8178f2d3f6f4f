import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import type { EarnService } from './earn.service';

/** Products, quotes, the user's orders and redemptions, under /api/earn. */
export const earnRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  earn: EarnService;
  idempotency: Idempotency;
}> = async (app, { auth, earn, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });

  route(endpoints.listEarnProducts, async (request) =>
    ok({ items: await earn.listProducts(request.user.id) }, request.t('common.success')),
  );

  route(endpoints.quoteEarnSubscription, async (request) =>
    ok(await earn.quote(request.user.id, request.body), request.t('common.success')),
  );

  // The Idempotency-Key's replay answers the first response; the order's own id names its journal entry.
  route(endpoints.subscribeEarn, async (request) =>
    ok(await earn.subscribe(request.user, request.body), request.t('earn.subscribed')),
  );

  route(endpoints.listEarnOrders, async (request) =>
    ok(await earn.orders(request.user.id, request.query), request.t('common.success')),
  );

  route(endpoints.getEarnSummary, async (request) =>
    ok(await earn.summary(request.user.id), request.t('common.success')),
  );

  route(endpoints.quoteEarnRedemption, async (request) =>
    ok(await earn.redemptionQuote(request.user.id, request.params.id), request.t('common.success')),
  );

  route(endpoints.redeemEarn, async (request) =>
    ok(
      await earn.redeem(request.user.id, request.params.id, request.body.expectedPayout),
      request.t('earn.redeemed'),
    ),
  );
};

/** Operators' products, every user's orders and the accrual runs; every change is audited with its reason. */
export const earnAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  earn: EarnService;
}> = async (app, { admins, earn }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listAdminEarnProducts, async (request) =>
    ok({ items: await earn.adminProducts() }, request.t('common.success')),
  );

  route(endpoints.createEarnProduct, async (request) =>
    ok(await earn.createProduct(request.body, actorOf(request)), request.t('earn.saved')),
  );

  route(endpoints.updateEarnProduct, async (request) =>
    ok(await earn.updateProduct(request.params.id, request.body, actorOf(request)), request.t('earn.saved')),
  );

  route(endpoints.listAdminEarnOrders, async (request) =>
    ok(await earn.adminOrders(request.query), request.t('common.success')),
  );

  route(endpoints.listEarnAccrualRuns, async (request) =>
    ok({ items: await earn.accrualRuns() }, request.t('common.success')),
  );
};
