import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { IdentityService } from './identity.service';

export const identityRoutes: FastifyPluginAsyncZod<{ auth: AuthService; identity: IdentityService }> = async (
  app,
  { auth, identity },
) => {
  const route = routesOf(app, { auth });
  route(endpoints.getIdentity, async (request) =>
    ok(await identity.view(request.user.id), request.t('common.success')),
  );

  route(endpoints.submitIdentity, async (request) =>
    ok(await identity.submit(request.user.id, request.body), request.t('common.success')),
  );
};
