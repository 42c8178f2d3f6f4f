import { publicUser } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import { type AuthService, toPublicUser } from '../auth/auth.service';

export const userRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/info',
    {
      schema: {
        operationId: 'getUserInfo',
        tags: ['user'],
        summary: 'The signed-in user, without secrets',
        security: [{ token: [] }],
        response: responses(publicUser),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(toPublicUser(request.user), request.t('common.success')),
  );
};
