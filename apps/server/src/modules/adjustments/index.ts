/** Balance adjustments by operators, with four eyes above a threshold (decision 0040). */
export { AdjustmentsRepository } from './adjustments.repository';
export { adjustmentsRoutes } from './adjustments.routes';
export { AdjustmentsService } from './adjustments.service';
