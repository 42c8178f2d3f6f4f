/** Referral (issue 21): invitees, and commissions on their fees credited in batches by one node. */

export { ReferralRepository } from './referral.repository';
export { referralAdminRoutes, referralRoutes } from './referral.routes';
export {
  BATCH_HORIZON_SECONDS,
  commissionReference,
  feeAssetOf,
  type ReferralMarkets,
  ReferralService,
  rateAt,
} from './referral.service';
export { REFERRAL_COMMISSIONS_JOB, ReferralCommissionJob } from './referral-commission-job';
export { maskEmail, maskedAccount, maskPhone } from './referral-views';

declare module 'fastify' {
  interface FastifyInstance {
    /** Referral's service and commission job, for tests that run a batch (`service.runBatch`). */
    referral: {
      service: import('./referral.service').ReferralService;
      job: import('./referral-commission-job').ReferralCommissionJob;
    };
  }
}
