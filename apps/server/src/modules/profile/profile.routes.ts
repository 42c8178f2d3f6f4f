import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { ProfileService } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<{ auth: AuthService; profile: ProfileService }> = async (
  app,
  { auth, profile },
) => {
  const route = routesOf(app, { auth });
  route(endpoints.updateProfile, async (request) =>
    ok(await profile.updateProfile(request.user, request.body), request.t('profile.saved')),
  );

  route(endpoints.changePassword, async (request) => {
    await profile.changePassword(request.user, request.sessionToken, request.body);
    return ok(null, request.t('security.saved'));
  });

  route(endpoints.setSecurityPassword, async (request) => {
    await profile.setSecurityPassword(request.user, request.body);
    return ok(null, request.t('security.saved'));
  });
};
