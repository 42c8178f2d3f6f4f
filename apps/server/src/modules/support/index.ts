/** What other modules may use of the customer service chat (issue 22, docs/decisions/0052-support-chat.md). */

export { SupportRepository } from './support.repository';
export { supportAdminRoutes, supportRoutes } from './support.routes';
export {
  AGENT_ROLES,
  type CustomerContext,
  SUPPORT_LIMITS,
  type SupportDirectory,
  type SupportLimits,
  SupportService,
} from './support.service';
export { supportDirectory } from './support-directory';
export { PRESENCE_REFRESH_MS, PRESENCE_TTL_MS, SupportPresence } from './support-presence';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's service and presence, for tests and the bench. */
    support: {
      service: import('./support.service').SupportService;
      presence: import('./support-presence').SupportPresence;
    };
  }
}
