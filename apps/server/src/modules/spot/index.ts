/** Spot trading (decision 0040). */

export { spotFills, spotFillsBetween } from './spot.read-model';
export { SpotRepository } from './spot.repository';
export { spotMarketRoutes, spotRoutes } from './spot.routes';
export { SpotOrdersService } from './spot-orders.service';
export type { SettledBatch } from './spot-sequencer';
