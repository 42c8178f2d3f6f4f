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

/** A preHandler for private routes: 401 unless the request carries a live session token. */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const user = token ? await auth.authenticate(token) : undefined;
    if (!token || !user) throw new AppError('unauthorized');
    request.user = user;
    request.sessionToken = token;
  };
}
