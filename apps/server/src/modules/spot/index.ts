/** Spot trading (decision 0040), and demo spot trading on the real books' depth (decision 0055). */

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo desk, for tests that fill resting demo orders at a moment of their own. */
    spotDemo: import('./demo-desk').DemoDesk;
  }
}

export { DEMO_FILLS_JOB, DemoDesk } from './demo-desk';
export { DemoDeskRepository } from './demo-desk.repository';

export { spotFills, spotFillsBetween } from './spot.read-model';
export { SpotRepository } from './spot.repository';
export { spotMarketRoutes, spotRoutes } from './spot.routes';
export { SpotOrdersService } from './spot-orders.service';
export type { SettledBatch } from './spot-sequencer';
