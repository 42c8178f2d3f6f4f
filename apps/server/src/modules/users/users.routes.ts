import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AuthService, toPublicUser } from '../auth';
import type { IdentityService } from '../identity';

export const userRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  identity: Pick<IdentityService, 'statusOf'>;
}> = async (app, { auth, identity }) => {
  const route = routesOf(app, { auth });
  route(endpoints.getUserInfo, async (request) => {
    const { status } = await identity.statusOf(request.user.id);
    return ok({ ...toPublicUser(request.user), identityStatus: status }, request.t('common.success'));
  });
};
