/** Balance adjustments by operators, with four eyes above a threshold (decisions 0031, 0040, 0041). */
export { adjustmentReview } from './adjustment-review';
export { AdjustmentsRepository } from './adjustments.repository';
export { adjustmentsRoutes } from './adjustments.routes';
export { AdjustmentsService } from './adjustments.service';
