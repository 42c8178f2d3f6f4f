import {
  adminIdParams,
  adminWithdrawalDetail,
  adminWithdrawalPage,
  rejectBody,
  withdrawalApproveBody,
  withdrawalQueueQuery,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { WithdrawalReviewService } from './withdrawal-review.service';

const security = [{ token: [] }];

export const withdrawalReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: WithdrawalReviewService;
  idempotency: Idempotency;
}> = async (app, { admins, review, idempotency }) => {
  const reviewer = requireAdmin(admins, { roles: ['reviewer'] });

  app.get(
    '/withdrawals',
    {
      schema: {
        operationId: 'listWithdrawalReviews',
        tags: ['admin'],
        summary:
          'Withdrawals of one status (pending, which includes those awaiting a second approval, oldest first; decided newest first), by user',
        security,
        querystring: withdrawalQueueQuery,
        response: responses(adminWithdrawalPage),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.list(request.query), request.t('common.success')),
  );

  app.get(
    '/withdrawals/:id',
    {
      schema: {
        operationId: 'getWithdrawalReview',
        tags: ['admin'],
        summary:
          'One withdrawal in full, with its destination, reviewers and the same user’s earlier withdrawals',
        security,
        params: adminIdParams,
        response: responses(adminWithdrawalDetail),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.detail(request.params.id), request.t('common.success')),
  );

  app.post(
    '/withdrawals/:id/approve',
    {
      schema: {
        operationId: 'approveWithdrawal',
        tags: ['admin'],
        summary:
          'Approve a withdrawal with the transaction hash or bank reference: the frozen amount is paid out, the fee to fees, in the same transaction. A large one needs a first approval and then another reviewer’s',
        security,
        params: adminIdParams,
        body: withdrawalApproveBody,
        response: responses(adminWithdrawalDetail),
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
    '/withdrawals/:id/reject',
    {
      schema: {
        operationId: 'rejectWithdrawal',
        tags: ['admin'],
        summary: 'Reject a withdrawal with a reason the user is shown; the frozen amount is given back',
        security,
        params: adminIdParams,
        body: rejectBody,
        response: responses(adminWithdrawalDetail),
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
