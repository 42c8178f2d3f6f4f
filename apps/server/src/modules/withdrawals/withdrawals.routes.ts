import {
  withdrawalBody,
  withdrawalPage,
  withdrawalsQuery,
  withdrawalTargets,
  withdrawalView,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { WithdrawalsService } from './withdrawals.service';

const security = [{ token: [] }];

export const withdrawalRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  withdrawals: WithdrawalsService;
  idempotency: Idempotency;
}> = async (app, { auth, withdrawals, idempotency }) => {
  app.get(
    '/withdrawal-targets',
    {
      schema: {
        operationId: 'listWithdrawalTargets',
        tags: ['wallet'],
        summary:
          "The user's approved crypto wallets and bank cards, each with the assets it takes: fee, minimum, maximum and the spot funds available",
        security,
        response: responses(withdrawalTargets),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await withdrawals.targets(request.user.id), request.t('common.success')),
  );

  app.post(
    '/withdrawals',
    {
      schema: {
        operationId: 'submitWithdrawal',
        tags: ['wallet'],
        summary:
          'Ask for a withdrawal to an approved wallet or bank card, with the security password; the amount (fee included) is frozen until a reviewer pays it out or rejects it. Send an Idempotency-Key header to retry safely',
        security,
        body: withdrawalBody,
        response: responses(withdrawalView),
      },
      preHandler: requireUser(auth),
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (reference) =>
        ok(await withdrawals.submit(request.user, request.body, reference), request.t('common.submitted')),
      ),
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        operationId: 'listWithdrawals',
        tags: ['wallet'],
        summary: "The user's withdrawals, newest first, with status processing, completed or fail",
        security,
        querystring: withdrawalsQuery,
        response: responses(withdrawalPage),
      },
      preHandler: requireUser(auth),
    },
    async (request) =>
      ok(
        await withdrawals.list(request.user.id, request.query.page, request.query.pageSize),
        request.t('common.success'),
      ),
  );
};
