/** Withdrawals and their review (decision 0040). */
export { withdrawalReviewRoutes } from './withdrawal-review.routes';
export { WithdrawalReviewService } from './withdrawal-review.service';
export { WithdrawalsRepository } from './withdrawals.repository';
export { withdrawalRoutes } from './withdrawals.routes';
export { WithdrawalsService } from './withdrawals.service';
