/** Withdrawals and their review (decisions 0040, 0041). */
export { withdrawalReview } from './withdrawal-review';
export { WithdrawalsRepository } from './withdrawals.repository';
export { withdrawalRoutes } from './withdrawals.routes';
export { WithdrawalsService } from './withdrawals.service';
