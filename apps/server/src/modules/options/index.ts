/** Timed up/down options (ARCHITECTURE.md section 6, docs/decisions/0047-options.md). */

export { OptionOrdersRepository } from './option-orders.repository';
export { OptionOwner } from './option-owner';
export { OptionProductsRepository } from './option-products.repository';
export { OptionSettlement, SETTLEMENTS_AT_ONCE } from './option-settlement';
export { optionOrdersPlaced } from './options.read-model';
export { optionsAdminRoutes, optionsRoutes } from './options.routes';
export { type OptionMarkets, OptionsService } from './options.service';
