import type { AdminRole } from '@kestrel/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import type { AdminRow } from './admins.repository';
import type { AdminsService } from './admins.service';
import type { Actor } from './audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAdmin` on back-office routes. */
    admin: AdminRow;
    adminToken: string;
  }
}

export type AdminAccess = {
  /** The roles allowed besides super_admin, who may do everything; empty means every signed-in admin. */
  roles: readonly AdminRole[];
  /** Open to a session that still has to enrol TOTP (see the requireTotp setting). */
  duringTotpEnrolment?: boolean;
};

/**
 * An onRequest hook for back-office routes: 401 without a live admin session (a user token never is one),
 * 403 for a role the route does not allow or while TOTP enrolment is pending. It runs before the body is
 * validated, so a caller without access learns nothing from validation messages.
 */
export function requireAdmin(admins: AdminsService, access: AdminAccess) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const session = token ? await admins.authenticate(token) : undefined;
    if (!token || !session) throw new AppError('unauthorized');
    if (session.mustEnrolTotp && !access.duringTotpEnrolment) throw new AppError('totpEnrolmentRequired');
    const { admin } = session;
    if (admin.role !== 'super_admin' && access.roles.length > 0 && !access.roles.includes(admin.role)) {
      throw new AppError('adminRoleForbidden');
    }
    // An agent answers customers and nothing else (decision 0052): open to every operator is not open to agents,
    // except signing in and out and enrolling an authenticator.
    if (admin.role === 'agent' && !access.roles.includes('agent') && !access.duringTotpEnrolment) {
      throw new AppError('adminRoleForbidden');
    }
    request.admin = admin;
    request.adminToken = token;
  };
}

/** The admin making the request, acting as the route's operationId, for the audit log. */
export function actorOf(request: FastifyRequest): Actor {
  const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
  if (!operationId) throw new Error(`${request.routeOptions.url} has no operationId to audit under`);
  return { adminId: request.admin.id, action: operationId, ip: request.ip };
}
