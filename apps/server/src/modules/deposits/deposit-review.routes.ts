import {
  adminDepositDetail,
  adminDepositPage,
  adminIdParams,
  approveBody,
  depositAmountBody,
  rejectBody,
  reviewQueueQuery,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { DepositReviewService } from './deposit-review.service';

const security = [{ token: [] }];

export const depositReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: DepositReviewService;
  idempotency: Idempotency;
}> = async (app, { admins, review, idempotency }) => {
  const reviewer = requireAdmin(admins, { roles: ['reviewer'] });

  app.get(
    '/deposits',
    {
      schema: {
        operationId: 'listDepositReviews',
        tags: ['admin'],
        summary: 'Deposits of one status (pending oldest first, decided newest first), by user',
        security,
        querystring: reviewQueueQuery,
        response: responses(adminDepositPage),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.list(request.query), request.t('common.success')),
  );

  app.get(
    '/deposits/:id',
    {
      schema: {
        operationId: 'getDepositReview',
        tags: ['admin'],
        summary: 'One deposit in full, with its credential and the same user’s earlier deposits',
        security,
        params: adminIdParams,
        response: responses(adminDepositDetail),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.detail(request.params.id), request.t('common.success')),
  );

  app.post(
    '/deposits/:id/amount',
    {
      schema: {
        operationId: 'correctDepositAmount',
        tags: ['admin'],
        summary: 'Correct the amount a pending deposit will credit, with a reason; the audit log keeps both',
        security,
        params: adminIdParams,
        body: depositAmountBody,
        response: responses(adminDepositDetail),
      },
      onRequest: reviewer,
    },
    async (request, reply) =>
      idempotency.run(request, reply, async () =>
        ok(
          await review.correctAmount(request.params.id, request.body, actorOf(request)),
          request.t('common.success'),
        ),
      ),
  );

  app.post(
    '/deposits/:id/approve',
    {
      schema: {
        operationId: 'approveDeposit',
        tags: ['admin'],
        summary:
          'Approve a pending deposit: its amount is credited in the same transaction; the user is notified',
        security,
        params: adminIdParams,
        body: approveBody,
        response: responses(adminDepositDetail),
      },
      onRequest: reviewer,
    },
    async (request, reply) =>
      idempotency.run(request, reply, async () =>
        ok(
          await review.approve(request.params.id, request.body, actorOf(request)),
          request.t('common.success'),
        ),
      ),
  );

  app.post(
    '/deposits/:id/reject',
    {
      schema: {
        operationId: 'rejectDeposit',
        tags: ['admin'],
        summary: 'Reject a pending deposit with a reason the user is shown; nothing is credited',
        security,
        params: adminIdParams,
        body: rejectBody,
        response: responses(adminDepositDetail),
      },
      onRequest: reviewer,
    },
    async (request, reply) =>
      idempotency.run(request, reply, async () =>
        ok(
          await review.reject(request.params.id, request.body, actorOf(request)),
          request.t('common.success'),
        ),
      ),
  );
};
