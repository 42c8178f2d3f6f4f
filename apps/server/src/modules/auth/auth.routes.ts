import {
  loginBody,
  registerBody,
  resetBody,
  sendCodeBody,
  sendCodeResult,
  sessionResult,
} from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import type { AuthService, Caller } from './auth.service';

function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/code',
    {
      schema: {
        operationId: 'sendCode',
        tags: ['auth'],
        summary: 'Send a 6-digit verification code, valid for 10 minutes, to an e-mail or phone',
        body: sendCodeBody,
        response: responses(sendCodeResult),
      },
    },
    async (request) => {
      const result = await auth.sendCode(request.body.account, request.body.purpose, callerOf(request));
      return ok(result, request.t('auth.codeSent', { account: request.body.account }));
    },
  );

  app.post(
    '/register',
    {
      schema: {
        operationId: 'register',
        tags: ['auth'],
        summary: 'Create an account with a verification code and open a session',
        body: registerBody,
        response: responses(sessionResult),
      },
    },
    async (request) =>
      ok(await auth.register(request.body, callerOf(request)), request.t('auth.register.success')),
  );

  app.post(
    '/login',
    {
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Open a session with an e-mail or phone and a password',
        body: loginBody,
        response: responses(sessionResult),
      },
      onRequest: async (request) => auth.refuseLockedAddress({ ip: request.ip }),
    },
    async (request) => ok(await auth.login(request.body, callerOf(request)), request.t('auth.login.success')),
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Revoke the session of the token sent',
        security: [{ token: [] }],
        response: responses(z.null()),
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      await auth.logout(request.sessionToken);
      return ok(null, request.t('common.success'));
    },
  );

  app.post(
    '/reset',
    {
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary: 'Set a new password with a verification code; every session of the account is revoked',
        body: resetBody,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, callerOf(request));
      return ok(null, request.t('auth.forgot.success'));
    },
  );
};
