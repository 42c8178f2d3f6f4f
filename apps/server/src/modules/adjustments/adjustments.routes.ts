import { endpoints } from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AdjustmentsService } from './adjustments.service';

export const adjustmentsRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  adjustments: AdjustmentsService;
  idempotency: Idempotency;
}> = async (app, { admins, adjustments, idempotency }) => {
  const route = routesOf(app, { admins, idempotency });
  /** The role allowed to adjust is a setting (decision 0031); super admins always may. */
  const proposer = async (request: FastifyRequest) => {
    const { adjustmentProposerRole } = await admins.settings();
    const { role } = request.admin;
    if (role !== 'super_admin' && role !== adjustmentProposerRole) throw new AppError('adminRoleForbidden');
  };

  route(endpoints.getUserBalances, async (request) =>
    ok({ balances: await adjustments.balances(request.params.id) }, request.t('common.success')),
  );

  route(
    endpoints.adjustUserBalance,
    async (request, _reply, { reference }) =>
      ok(
        await adjustments.adjust(request.params.id, request.body, reference, actorOf(request)),
        request.t('admin.adjustments.done'),
      ),
    { onRequest: proposer },
  );
};
