import { publicUser } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import { type AuthService, toPublicUser } from '../auth';
import type { IdentityService } from '../identity';

export const userRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  identity: Pick<IdentityService, 'statusOf'>;
}> = async (app, { auth, identity }) => {
  app.get(
    '/info',
    {
      schema: {
        operationId: 'getUserInfo',
        tags: ['user'],
        summary: 'The signed-in user, without secrets, and where their identity verification stands',
        security: [{ token: [] }],
        response: responses(publicUser),
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      const { status } = await identity.statusOf(request.user.id);
      return ok({ ...toPublicUser(request.user), identityStatus: status }, request.t('common.success'));
    },
  );
};
