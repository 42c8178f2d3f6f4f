/** Deposits and their review (decision 0040). */
export { depositReviewRoutes } from './deposit-review.routes';
export { DepositReviewService } from './deposit-review.service';
export { DepositsRepository } from './deposits.repository';
export { depositRoutes } from './deposits.routes';
export { DepositsService } from './deposits.service';
