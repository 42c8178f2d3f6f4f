/** What other modules may use of earn (issue 21, docs/decisions/0049-earn.md). Its tables are its own. */

export { EarnRepository } from './earn.repository';
export { earnAdminRoutes, earnRoutes } from './earn.routes';
export { type EarnClock, EarnService } from './earn.service';
export { ACCRUAL_CHUNK, type AccrualReport, EARN_ACCRUAL_JOB, EarnAccrualJob } from './earn-accrual-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** Earn's service and accrual job, for tests that move the earn clock on and run the day (`job.runNow()`). */
    earn: {
      service: import('./earn.service').EarnService;
      job: import('./earn-accrual-job').EarnAccrualJob;
    };
  }
}
