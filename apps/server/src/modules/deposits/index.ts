/** Deposits and their review (decisions 0040, 0041). */
export { depositReview } from './deposit-review';
export { DepositsRepository } from './deposits.repository';
export { depositRoutes } from './deposits.routes';
export { DepositsService } from './deposits.service';
