import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, UserRow } from '../modules/auth';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on private routes. */
    user: UserRow;
    sessionToken: string;
  }
}

/** The token of an `Authorization` header, sent bare (as the user app does) or as `Bearer <token>`. */
export function bearerToken(header: string | undefined): string | undefined {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  return token ? token : undefined;
}

/**
 * The live session's user of a request's token, looked up once per request: a later check of the same request
 * (a demo refusal before the body is read, then `requireUser`) finds it on the request.
 */
export async function sessionUserOf(
  auth: AuthService,
  request: FastifyRequest,
): Promise<UserRow | undefined> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return undefined;
  if (request.sessionToken === token) return request.user;
  const user = await auth.authenticate(token);
  if (user) {
    request.user = user;
    request.sessionToken = token;
  }
  return user;
}

/** A preHandler for private routes: 401 unless the request carries a live session token. */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!(await sessionUserOf(auth, request))) throw new AppError('unauthorized');
  };
}
