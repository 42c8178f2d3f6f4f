import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import type { MembershipService } from './membership.service';

/** The user's level, figures and the table of levels, at /api/membership. */
export const membershipRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  membership: MembershipService;
}> = async (app, { auth, membership }) => {
  const route = routesOf(app, { auth });

  route(endpoints.getMembership, async (request) =>
    ok(await membership.view(request.user.id), request.t('common.success')),
  );
};

/** Operators' table of levels and grace period; every change is audited with its reason. */
export const membershipAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  membership: MembershipService;
}> = async (app, { admins, membership }) => {
  const route = routesOf(app, { admins });

  route(endpoints.getAdminMembership, async (request) =>
    ok(await membership.adminView(), request.t('common.success')),
  );

  route(endpoints.updateMembership, async (request) =>
    ok(await membership.update(request.body, actorOf(request)), request.t('membership.saved')),
  );
};
