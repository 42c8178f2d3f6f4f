import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AdminUsersService } from './admin-users.service';

export const adminUsersRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  users: AdminUsersService;
}> = async (app, { admins, users }) => {
  const route = routesOf(app, { admins });

  route(endpoints.searchUsers, async (request) =>
    ok(await users.search(request.query), request.t('common.success')),
  );

  route(endpoints.getUserDetail, async (request) =>
    ok(await users.detail(request.params.id), request.t('common.success')),
  );

  route(endpoints.freezeUser, async (request) =>
    ok(
      await users.freeze(request.params.id, request.body.reason, actorOf(request)),
      request.t('common.success'),
    ),
  );

  route(endpoints.unfreezeUser, async (request) =>
    ok(
      await users.unfreeze(request.params.id, request.body.reason, actorOf(request)),
      request.t('common.success'),
    ),
  );

  route(endpoints.revokeUserSessions, async (request) =>
    ok(
      await users.revokeSessions(request.params.id, request.body.reason, actorOf(request)),
      request.t('common.success'),
    ),
  );

  route(endpoints.setUserCreditScore, async (request) =>
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
