/** Demo accounts (decision 0055): virtual funds on live prices, in a ledger book the database keeps apart. */

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo service and its cleanup job, for tests that close unused accounts at a moment of their own. */
    demo: { service: import('./demo.service').DemoService; job: import('./demo-cleanup-job').DemoCleanupJob };
  }
}

export { DemoRepository } from './demo.repository';
export { demoAdminRoutes, demoRoutes } from './demo.routes';
export type { DemoOrderCounts, DemoProduct, DemoSettings } from './demo.service';
export { DEMO_STARTS_PER_HOUR, DemoService } from './demo.service';
export { DEMO_CLEANUP_JOB, DemoCleanupJob } from './demo-cleanup-job';
