import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { WithdrawalsService } from './withdrawals.service';

export const withdrawalRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  withdrawals: WithdrawalsService;
  idempotency: Idempotency;
}> = async (app, { auth, withdrawals, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });
  route(endpoints.listWithdrawalTargets, async (request) =>
    ok(await withdrawals.targets(request.user.id), request.t('common.success')),
  );

  route(endpoints.submitWithdrawal, async (request, _reply, { reference }) =>
    ok(await withdrawals.submit(request.user, request.body, reference), request.t('common.submitted')),
  );

  route(endpoints.listWithdrawals, async (request) =>
    ok(
      await withdrawals.list(request.user.id, request.query.page, request.query.pageSize),
      request.t('common.success'),
    ),
  );
};
