import {
  bankDepositBody,
  bankTransferInfo,
  depositBody,
  depositPage,
  depositsQuery,
  depositView,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
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
    '/deposits/bank',
    {
      schema: {
        operationId: 'getBankTransferInfo',
        tags: ['wallet'],
        summary:
          "The user's reference to quote in bank transfers, and each asset's platform bank account that takes them now (none: bank transfers are not available yet)",
        security,
        response: responses(bankTransferInfo),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await deposits.bankTransfer(request.user), request.t('common.success')),
  );

  app.post(
    '/deposits/bank',
    {
      schema: {
        operationId: 'submitBankDeposit',
        tags: ['wallet'],
        summary:
          'Declare a bank transfer to the platform bank account of an asset, with the receipt (own upload with purpose payment_proof), for review in the same queue as crypto deposits; nothing is credited until a reviewer approves. Send an Idempotency-Key header to retry safely',
        security,
        body: bankDepositBody,
        response: responses(depositView),
      },
      preHandler: requireUser(auth),
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (reference) =>
        ok(await deposits.submitBank(request.user, request.body, reference), request.t('common.submitted')),
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
