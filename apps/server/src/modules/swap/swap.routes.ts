import { endpoints, SWAP_SECRET_HEADER } from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../http/authenticate';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import { AttemptLimit, type AuthService, inProcessLimiters, type LimiterStore } from '../auth';
import type { OrderAccess, SwapService } from './swap.service';

/** Requests a client address may make a minute: quotes, new orders, and look-ups (with order reads). */
export type SwapRateLimits = { quotesPerMinute: number; ordersPerMinute: number; lookupsPerMinute: number };
export const SWAP_RATE_LIMITS: SwapRateLimits = {
  quotesPerMinute: 120,
  ordersPerMinute: 10,
  lookupsPerMinute: 60,
};

/** The public desk under /api/swap: open without a token; an order opens by its secret or its owner's token. */
export const swapRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  swap: SwapService;
  limits?: SwapRateLimits;
  limiters?: LimiterStore;
}> = async (app, { auth, swap, limits = SWAP_RATE_LIMITS, limiters = inProcessLimiters }) => {
  const route = routesOf(app, { auth });
  const limit = (keyPrefix: string, points: number) =>
    new AttemptLimit(limiters({ keyPrefix, points, duration: 60 }));
  const quotes = limit('swap-quotes', limits.quotesPerMinute);
  const orders = limit('swap-orders', limits.ordersPerMinute);
  const lookups = limit('swap-lookups', limits.lookupsPerMinute);

  /** The signed-in user, when the request carries a live token; anonymous otherwise. */
  const userOf = async (request: FastifyRequest): Promise<number | undefined> => {
    const token = bearerToken(request.headers.authorization);
    return token ? (await auth.authenticate(token))?.id : undefined;
  };
  const accessOf = async (request: FastifyRequest): Promise<OrderAccess> => {
    const secret = request.headers[SWAP_SECRET_HEADER];
    return { secret: typeof secret === 'string' ? secret : undefined, userId: await userOf(request) };
  };

  route(endpoints.listSwapPairs, async (request) => ok(await swap.pairs(), request.t('common.success')));

  route(endpoints.createSwapQuote, async (request) => {
    await quotes.reserve(request.ip);
    return ok(await swap.quote(request.body), request.t('common.success'));
  });

  route(endpoints.createSwapOrder, async (request) => {
    await orders.reserve(request.ip);
    return ok(await swap.createOrder(request.body, await userOf(request)), request.t('common.success'));
  });

  route(endpoints.lookUpSwapOrders, async (request) => {
    await lookups.reserve(request.ip);
    return ok(await swap.lookUp(request.body.orders), request.t('common.success'));
  });

  route(endpoints.getSwapOrder, async (request) => {
    await lookups.reserve(request.ip);
    return ok(await swap.order(request.params.id, await accessOf(request)), request.t('common.success'));
  });

  route(endpoints.cancelSwapOrder, async (request) => {
    await lookups.reserve(request.ip);
    return ok(await swap.cancel(request.params.id, await accessOf(request)), request.t('common.success'));
  });

  route(endpoints.listMySwapOrders, async (request) =>
    ok(await swap.myOrders(request.user.id, request.query), request.t('common.success')),
  );
};

/** The desk in the back office; every change is audited with its reason. */
export const swapAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  swap: SwapService;
  idempotency: Idempotency;
}> = async (app, { admins, swap, idempotency }) => {
  const route = routesOf(app, { admins, idempotency });
  const moverOf = (request: FastifyRequest) => ({ adminId: request.admin.id });
  const audited = (request: FastifyRequest, reason: string) => ({ actor: actorOf(request), reason });

  route(endpoints.getSwapDesk, async (request) => ok(await swap.adminDesk(), request.t('common.success')));

  route(endpoints.updateSwapSettings, async (request) =>
    ok(await swap.updateSettings(request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.updateSwapCoin, async (request) =>
    ok(
      await swap.updateCoin(request.params.asset, request.params.network, request.body, actorOf(request)),
      request.t('common.success'),
    ),
  );

  route(endpoints.updateSwapPair, async (request) =>
    ok(await swap.updatePair(request.params, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.listAdminSwapOrders, async (request) =>
    ok(await swap.adminOrders(request.query), request.t('common.success')),
  );

  route(endpoints.getAdminSwapOrder, async (request) =>
    ok(await swap.adminOrder(request.params.id), request.t('common.success')),
  );

  // Each action is a conditional update of the order's status, so a replay without the key changes nothing twice.
  route(endpoints.confirmSwapDeposit, async (request) => {
    const { reason, ...deposit } = request.body;
    const row = await swap.deposit(request.params.id, deposit, moverOf(request), audited(request, reason));
    return ok(await swap.adminViewOf(row), request.t('common.success'));
  });

  route(endpoints.reviewSwapOrder, async (request) => {
    const { decision, reason } = request.body;
    const row = await swap.review(request.params.id, decision, moverOf(request), audited(request, reason));
    return ok(await swap.adminViewOf(row), request.t('common.success'));
  });

  route(endpoints.approveSwapPayout, async (request) => {
    const row = await swap.approve(
      request.params.id,
      moverOf(request),
      audited(request, request.body.reason),
    );
    return ok(await swap.adminViewOf(row), request.t('common.success'));
  });

  route(endpoints.sendSwapPayout, async (request) => {
    const { txHash, reason } = request.body;
    const row = await swap.payout(request.params.id, txHash, moverOf(request), audited(request, reason));
    return ok(await swap.adminViewOf(row), request.t('common.success'));
  });

  route(endpoints.sendSwapRefund, async (request) => {
    const { txHash, reason } = request.body;
    const row = await swap.refund(request.params.id, txHash, moverOf(request), audited(request, reason));
    return ok(await swap.adminViewOf(row), request.t('common.success'));
  });
};
