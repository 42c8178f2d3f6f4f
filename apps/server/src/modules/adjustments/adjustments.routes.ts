import { adjustmentBody, adjustmentResult, adminIdParams, adminUserBalances } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import { actorOf, requireAdmin } from '../admin/admin-auth';
import type { AdminsService } from '../admin/admins.service';
import type { AdjustmentsService } from './adjustments.service';

const security = [{ token: [] }];

export const adjustmentsRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  adjustments: AdjustmentsService;
  idempotency: Idempotency;
}> = async (app, { admins, adjustments, idempotency }) => {
  app.get(
    '/users/:id/balances',
    {
      schema: {
        operationId: 'getUserBalances',
        tags: ['admin'],
        summary: "A user's available and frozen funds per account and asset",
        security,
        params: adminIdParams,
        response: responses(adminUserBalances),
      },
      onRequest: requireAdmin(admins, { roles: ['support', 'reviewer'] }),
    },
    async (request) =>
      ok({ balances: await adjustments.balances(request.params.id) }, request.t('common.success')),
  );

  app.post(
    '/users/:id/adjustments',
    {
      schema: {
        operationId: 'adjustUserBalance',
        tags: ['admin'],
        summary:
          "Add funds to or debit funds from a user's account with a reason (system add, system debit); the user is notified. Send an Idempotency-Key header to retry safely",
        security,
        params: adminIdParams,
        body: adjustmentBody,
        response: responses(adjustmentResult),
      },
      onRequest: requireAdmin(admins, { roles: ['support'] }),
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (reference) =>
        ok(
          await adjustments.adjust(request.params.id, request.body, reference, actorOf(request)),
          request.t('admin.adjustments.done'),
        ),
      ),
  );
};
