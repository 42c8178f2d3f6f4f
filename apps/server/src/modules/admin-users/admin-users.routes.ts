import {
  adminIdParams,
  adminPageOf,
  adminReasonBody,
  adminUserDetail,
  adminUserProfile,
  adminUserSummary,
  adminUsersQuery,
  creditScoreBody,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { AdminUsersService } from './admin-users.service';

const security = [{ token: [] }];

export const adminUsersRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  users: AdminUsersService;
}> = async (app, { admins, users }) => {
  const support = requireAdmin(admins, { roles: ['support'] });

  app.get(
    '/users',
    {
      schema: {
        operationId: 'searchUsers',
        tags: ['admin'],
        summary: 'Users, newest first, by part of their e-mail or phone, their id or their invitation code',
        security,
        querystring: adminUsersQuery,
        response: responses(adminPageOf(adminUserSummary)),
      },
      onRequest: support,
    },
    async (request) => ok(await users.search(request.query), request.t('common.success')),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        operationId: 'getUserDetail',
        tags: ['admin'],
        summary: "A user's profile, sessions and number of invitees",
        security,
        params: adminIdParams,
        response: responses(adminUserDetail),
      },
      onRequest: support,
    },
    async (request) => ok(await users.detail(request.params.id), request.t('common.success')),
  );

  app.post(
    '/users/:id/freeze',
    {
      schema: {
        operationId: 'freezeUser',
        tags: ['admin'],
        summary: 'Freeze an account: it cannot log in or move money, and its sessions end',
        security,
        params: adminIdParams,
        body: adminReasonBody,
        response: responses(adminUserProfile),
      },
      onRequest: support,
    },
    async (request) =>
      ok(
        await users.freeze(request.params.id, request.body.reason, actorOf(request)),
        request.t('common.success'),
      ),
  );

  app.post(
    '/users/:id/unfreeze',
    {
      schema: {
        operationId: 'unfreezeUser',
        tags: ['admin'],
        summary: 'Unfreeze an account',
        security,
        params: adminIdParams,
        body: adminReasonBody,
        response: responses(adminUserProfile),
      },
      onRequest: support,
    },
    async (request) =>
      ok(
        await users.unfreeze(request.params.id, request.body.reason, actorOf(request)),
        request.t('common.success'),
      ),
  );

  app.post(
    '/users/:id/revoke-sessions',
    {
      schema: {
        operationId: 'revokeUserSessions',
        tags: ['admin'],
        summary: "End every open session of a user's account",
        security,
        params: adminIdParams,
        body: adminReasonBody,
        response: responses(adminUserProfile),
      },
      onRequest: support,
    },
    async (request) =>
      ok(
        await users.revokeSessions(request.params.id, request.body.reason, actorOf(request)),
        request.t('common.success'),
      ),
  );

  app.put(
    '/users/:id/credit-score',
    {
      schema: {
        operationId: 'setUserCreditScore',
        tags: ['admin'],
        summary: "Set the credit score shown on the user's profile",
        security,
        params: adminIdParams,
        body: creditScoreBody,
        response: responses(adminUserProfile),
      },
      onRequest: support,
    },
    async (request) =>
      ok(
        await users.setCreditScore(
          request.params.id,
          request.body.score,
          request.body.reason,
          actorOf(request),
        ),
        request.t('common.success'),
      ),
  );
};
