/** What other modules may use of deposit and withdrawal networks (decision 0040). */

export type { NetworkRow } from './networks.repository';
export { NetworksRepository } from './networks.repository';
export { networkAdminRoutes, networkRoutes } from './networks.routes';
export { NetworksService } from './networks.service';
export { withdrawalNetworks } from './withdrawal-networks';
