/**
 * What other modules may use of the cross-chain swap desk (decision 0040; ARCHITECTURE.md section 6,
 * docs/decisions/0048-swap-desk.md).
 */

export type { DerivedChain, ExtendedKeyProblem, ParsedExtendedKey } from './deposit-addresses';
export {
  DERIVED_CHAINS,
  depositAddressAt,
  isDerivedChain,
  parseExtendedPublicKey,
} from './deposit-addresses';
export { SwapRepository } from './swap.repository';
export { SWAP_RATE_LIMITS, type SwapRateLimits, swapAdminRoutes, swapRoutes } from './swap.routes';
export { type SwapIndex, SwapService } from './swap.service';
export type { ChainWatcher, DepositSeen } from './swap-desk-job';
export { SimulatedWatcher, SwapDeskJob } from './swap-desk-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** The swap desk's service and job, for tests that drive the desk's clock (`desk.runNow()`). */
    swap: { service: import('./swap.service').SwapService; desk: import('./swap-desk-job').SwapDeskJob };
  }
}
