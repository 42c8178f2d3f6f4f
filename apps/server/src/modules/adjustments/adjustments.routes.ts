import {
  adjustmentBody,
  adjustmentResult,
  adminIdParams,
  adminUserBalances,
  IDEMPOTENCY_KEY_HEADER,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok, responses } from '../../http/reply';
import { actorOf, requireAdmin } from '../admin/admin-auth';
import type { AdminsService } from '../admin/admins.service';
import type { AdjustmentsService } from './adjustments.service';

const security = [{ token: [] }];
/** Printable ASCII, as the console sends a UUID; the same rule as the users' Idempotency-Key. */
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

export const adjustmentsRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  adjustments: AdjustmentsService;
}> = async (app, { admins, adjustments }) => {
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
    async (request) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (key !== undefined && (typeof key !== 'string' || !KEY_FORMAT.test(key))) {
        throw new AppError('parameterError');
      }
      return ok(
        await adjustments.adjust(request.params.id, request.body, key, actorOf(request)),
        request.t('admin.adjustments.done'),
      );
    },
  );
};
