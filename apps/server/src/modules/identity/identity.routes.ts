import { identitySubmissionBody, identityView } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { IdentityService } from './identity.service';

const security = [{ token: [] }];

export const identityRoutes: FastifyPluginAsyncZod<{ auth: AuthService; identity: IdentityService }> = async (
  app,
  { auth, identity },
) => {
  app.get(
    '/identity',
    {
      schema: {
        operationId: 'getIdentity',
        tags: ['user'],
        summary: "Where the user's identity verification stands, with their newest submission",
        security,
        response: responses(identityView),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await identity.view(request.user.id), request.t('common.success')),
  );

  app.post(
    '/identity',
    {
      schema: {
        operationId: 'submitIdentity',
        tags: ['user'],
        summary: 'Submit an ID card or a passport (own uploads with purpose identity) for review',
        security,
        body: identitySubmissionBody,
        response: responses(identityView),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await identity.submit(request.user.id, request.body), request.t('common.success')),
  );
};
