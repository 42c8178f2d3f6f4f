import { depositBody, depositPage, depositsQuery, depositView } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth/auth.service';
import type { DepositsService } from './deposits.service';

const security = [{ token: [] }];

export const depositRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  deposits: DepositsService;
  idempotency: Idempotency;
}> = async (app, { auth, deposits, idempotency }) => {
  app.post(
    '/deposits',
    {
      schema: {
        operationId: 'submitDeposit',
        tags: ['wallet'],
        summary:
          'Declare a deposit sent to the platform address of a network, with the transfer credential (own upload with purpose payment_proof), for review; nothing is credited until a reviewer approves. Send an Idempotency-Key header to retry safely',
        security,
        body: depositBody,
        response: responses(depositView),
      },
      preHandler: requireUser(auth),
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (reference) =>
        ok(await deposits.submit(request.user, request.body, reference), request.t('common.submitted')),
      ),
  );

  app.get(
    '/deposits',
    {
      schema: {
        operationId: 'listDeposits',
        tags: ['wallet'],
        summary: "The user's deposits, newest first, with status processing, completed or fail",
        security,
        querystring: depositsQuery,
        response: responses(depositPage),
      },
      preHandler: requireUser(auth),
    },
    async (request) =>
      ok(
        await deposits.list(request.user.id, request.query.page, request.query.pageSize),
        request.t('common.success'),
      ),
  );
};
