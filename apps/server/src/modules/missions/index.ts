/** The mission hall (issue 21): tasks, progress from the platform's records, claims paid through the ledger. */

export { claimByOf, cycleOf, statusOf } from './mission-rules';
export { type CountWindow, type MissionSources, RecordedMissionSources } from './mission-sources';
export { MissionsRepository } from './missions.repository';
export { missionsAdminRoutes, missionsRoutes } from './missions.routes';
export { type MissionPrices, MissionsService, missionReference } from './missions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mission hall's service, for tests. */
    missions: import('./missions.service').MissionsService;
  }
}
