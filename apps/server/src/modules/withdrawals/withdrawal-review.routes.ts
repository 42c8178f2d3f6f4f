import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { WithdrawalReviewService } from './withdrawal-review.service';

export const withdrawalReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: WithdrawalReviewService;
  idempotency: Idempotency;
}> = async (app, { admins, review, idempotency }) => {
  const route = routesOf(app, { admins, idempotency });

  route(endpoints.listWithdrawalReviews, async (request) =>
    ok(await review.list(request.query), request.t('common.success')),
  );

  route(endpoints.getWithdrawalReview, async (request) =>
    ok(await review.detail(request.params.id), request.t('common.success')),
  );

  route(endpoints.approveWithdrawal, async (request) =>
    ok(await review.approve(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.rejectWithdrawal, async (request) =>
    ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
