import { changePasswordBody, publicUser, securityPasswordBody, updateProfileBody } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { ProfileService } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<{ auth: AuthService; profile: ProfileService }> = async (
  app,
  { auth, profile },
) => {
  app.patch(
    '/profile',
    {
      schema: {
        operationId: 'updateProfile',
        tags: ['user'],
        summary: 'Change the nickname and/or the avatar (an own upload with purpose avatar)',
        security: [{ token: [] }],
        body: updateProfileBody,
        response: responses(publicUser),
      },
      preHandler: requireUser(auth),
    },
    async (request) =>
      ok(await profile.updateProfile(request.user, request.body), request.t('profile.saved')),
  );

  app.post(
    '/password',
    {
      schema: {
        operationId: 'changePassword',
        tags: ['user'],
        summary: 'Change the login password; every other session is signed out',
        security: [{ token: [] }],
        body: changePasswordBody,
        response: responses(z.null()),
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      await profile.changePassword(request.user, request.sessionToken, request.body);
      return ok(null, request.t('security.saved'));
    },
  );

  app.post(
    '/security-password',
    {
      schema: {
        operationId: 'setSecurityPassword',
        tags: ['user'],
        summary:
          'Set the 6-digit security password: the first time with the login password, later with the current one',
        security: [{ token: [] }],
        body: securityPasswordBody,
        response: responses(z.null()),
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      await profile.setSecurityPassword(request.user, request.body);
      return ok(null, request.t('security.saved'));
    },
  );
};
