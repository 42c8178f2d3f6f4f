import { endpoints } from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService, Caller } from './auth.service';

/** Who calls, for rate limits and the session record. */
export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const route = routesOf(app, { auth });
  route(endpoints.sendCode, async (request) => {
    const result = await auth.sendCode(request.body.account, request.body.purpose, callerOf(request));
    return ok(result, request.t('auth.codeSent', { account: request.body.account }));
  });

  route(endpoints.register, async (request) =>
    ok(await auth.register(request.body, callerOf(request)), request.t('auth.register.success')),
  );

  route(
    endpoints.login,
    async (request) => ok(await auth.login(request.body, callerOf(request)), request.t('auth.login.success')),
    { onRequest: async (request) => auth.refuseLockedAddress({ ip: request.ip }) },
  );

  route(endpoints.logout, async (request) => {
    await auth.logout(request.sessionToken);
    return ok(null, request.t('common.success'));
  });

  route(endpoints.resetPassword, async (request) => {
    await auth.resetPassword(request.body, callerOf(request));
    return ok(null, request.t('auth.forgot.success'));
  });
};
