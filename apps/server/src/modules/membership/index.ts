/** The membership centre: VIP levels, the daily snapshot and the fee discounts they give (decision 0050). */

export { MembershipRepository } from './membership.repository';
export { membershipAdminRoutes, membershipRoutes } from './membership.routes';
export { type MembershipMarkets, MembershipService } from './membership.service';
export { MEMBERSHIP_SNAPSHOT_JOB, MembershipSnapshotJob } from './membership-snapshot-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** The membership service and its job, for tests that snapshot at a moment of their own. */
    membership: {
      service: import('./membership.service').MembershipService;
      job: import('./membership-snapshot-job').MembershipSnapshotJob;
    };
  }
}
