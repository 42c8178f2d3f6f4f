import {
  adjustmentBody,
  adjustmentProposal,
  adjustmentProposalPage,
  adjustmentResult,
  adminIdParams,
  adminUserBalances,
  approveBody,
  rejectBody,
  reviewQueueQuery,
} from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { AdjustmentsService } from './adjustments.service';

const security = [{ token: [] }];

export const adjustmentsRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  adjustments: AdjustmentsService;
  idempotency: Idempotency;
}> = async (app, { admins, adjustments, idempotency }) => {
  const signedIn = requireAdmin(admins, { roles: [] });
  /** The role allowed to adjust is a setting (decision 0031); super admins always may. */
  const proposer = async (request: FastifyRequest) => {
    const { adjustmentProposerRole } = await admins.settings();
    const { role } = request.admin;
    if (role !== 'super_admin' && role !== adjustmentProposerRole) throw new AppError('adminRoleForbidden');
  };
  const approver = requireAdmin(admins, { roles: ['reviewer'] });

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
          "Add funds to or debit funds from a user's account with a reason (system add, system debit); the user is notified. Above the asset's approval amount it is proposed instead, and posts only once another operator approves it. Send an Idempotency-Key header to retry safely",
        security,
        params: adminIdParams,
        body: adjustmentBody,
        response: responses(adjustmentResult),
      },
      onRequest: [signedIn, proposer],
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (reference) =>
        ok(
          await adjustments.adjust(request.params.id, request.body, reference, actorOf(request)),
          request.t('admin.adjustments.done'),
        ),
      ),
  );

  app.get(
    '/adjustment-proposals',
    {
      schema: {
        operationId: 'listAdjustmentProposals',
        tags: ['admin'],
        summary:
          'Manual adjustments above the approval amount, of one status (pending oldest first; decided newest first), by user',
        security,
        querystring: reviewQueueQuery,
        response: responses(adjustmentProposalPage),
      },
      onRequest: requireAdmin(admins, { roles: ['reviewer', 'support'] }),
    },
    async (request) => ok(await adjustments.proposals(request.query), request.t('common.success')),
  );

  app.post(
    '/adjustment-proposals/:id/approve',
    {
      schema: {
        operationId: 'approveAdjustment',
        tags: ['admin'],
        summary:
          "Approve another operator's proposed adjustment: the system add or debit posts once, in the same transaction; the user is notified",
        security,
        params: adminIdParams,
        body: approveBody,
        response: responses(adjustmentProposal),
      },
      onRequest: approver,
    },
    async (request, reply) =>
      idempotency.run(request, reply, async () =>
        ok(
          await adjustments.approve(request.params.id, request.body, actorOf(request)),
          request.t('admin.adjustments.done'),
        ),
      ),
  );

  app.post(
    '/adjustment-proposals/:id/reject',
    {
      schema: {
        operationId: 'rejectAdjustment',
        tags: ['admin'],
        summary: "Reject another operator's proposed adjustment with a reason; nothing moves",
        security,
        params: adminIdParams,
        body: rejectBody,
        response: responses(adjustmentProposal),
      },
      onRequest: approver,
    },
    async (request, reply) =>
      idempotency.run(request, reply, async () =>
        ok(
          await adjustments.reject(request.params.id, request.body, actorOf(request)),
          request.t('common.success'),
        ),
      ),
  );
};
