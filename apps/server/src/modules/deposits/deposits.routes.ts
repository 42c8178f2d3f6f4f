import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { DepositsService } from './deposits.service';

export const depositRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  deposits: DepositsService;
  idempotency: Idempotency;
}> = async (app, { auth, deposits, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });
  route(endpoints.submitDeposit, async (request, _reply, { reference }) =>
    ok(await deposits.submit(request.user, request.body, reference), request.t('common.submitted')),
  );

  route(endpoints.getBankTransferInfo, async (request) =>
    ok(await deposits.bankTransfer(request.user), request.t('common.success')),
  );

  route(endpoints.submitBankDeposit, async (request, _reply, { reference }) =>
    ok(await deposits.submitBank(request.user, request.body, reference), request.t('common.submitted')),
  );

  route(endpoints.listDeposits, async (request) =>
    ok(
      await deposits.list(request.user.id, request.query.page, request.query.pageSize),
      request.t('common.success'),
    ),
  );
};
