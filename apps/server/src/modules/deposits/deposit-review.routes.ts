import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { DepositReviewService } from './deposit-review.service';

export const depositReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: DepositReviewService;
  idempotency: Idempotency;
}> = async (app, { admins, review, idempotency }) => {
  const route = routesOf(app, { admins, idempotency });

  route(endpoints.listDepositReviews, async (request) =>
    ok(await review.list(request.query), request.t('common.success')),
  );

  route(endpoints.getDepositReview, async (request) =>
    ok(await review.detail(request.params.id), request.t('common.success')),
  );

  route(endpoints.correctDepositAmount, async (request) =>
    ok(
      await review.correctAmount(request.params.id, request.body, actorOf(request)),
      request.t('common.success'),
    ),
  );

  route(endpoints.approveDeposit, async (request) =>
    ok(await review.approve(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.rejectDeposit, async (request) =>
    ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
