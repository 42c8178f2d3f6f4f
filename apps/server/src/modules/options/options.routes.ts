import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import type { OptionsService } from './options.service';

/** Products, ticks and the user's orders, under /api/options. */
export const optionsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  options: OptionsService;
  idempotency: Idempotency;
}> = async (app, { auth, options, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });

  route(endpoints.listOptionProducts, async (request) =>
    ok({ items: await options.listProducts() }, request.t('common.success')),
  );

  route(endpoints.getOptionProduct, async (request) =>
    ok(await options.product(request.params.id), request.t('common.success')),
  );

  route(endpoints.listOptionTicks, async (request) =>
    ok(
      { items: await options.ticks(request.params.id, request.query.after, request.query.limit) },
      request.t('common.success'),
    ),
  );

  // The Idempotency-Key's replay answers the first response; the order needs no reference of its own.
  route(endpoints.placeOptionOrder, async (request) =>
    ok(await options.buy(request.user.id, request.body), request.t('options.bought')),
  );

  route(endpoints.listOptionOrders, async (request) =>
    ok(await options.orders(request.user.id, request.query), request.t('common.success')),
  );

  route(endpoints.getOptionOrderProof, async (request) =>
    ok(await options.proof(request.user.id, request.params.id), request.t('common.success')),
  );
};

/** Operators' products and the pool's exposure; every change is audited with its reason. */
export const optionsAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  options: OptionsService;
}> = async (app, { admins, options }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listAdminOptionProducts, async (request) =>
    ok({ items: await options.adminProducts() }, request.t('common.success')),
  );

  route(endpoints.createOptionProduct, async (request) =>
    ok(await options.createProduct(request.body, actorOf(request)), request.t('options.saved')),
  );

  route(endpoints.updateOptionProduct, async (request) =>
    ok(
      await options.updateProduct(request.params.id, request.body, actorOf(request)),
      request.t('options.saved'),
    ),
  );

  route(endpoints.getOptionExposure, async (request) =>
    ok(await options.exposure(), request.t('common.success')),
  );
};
