/**
 * What other modules may use of the ledger (decision 0040): its service, whose `within(tx)` is the unit of work
 * of a module that writes the ledger inside its own transaction, and its read model. Its tables are its own.
 */

export type { RecordedAdjustment } from './ledger.read-model';
export {
  assetPrecisions,
  balancesOfUsers,
  findAdjustment,
  reservationProgress,
  userHoldings,
  userPostings,
} from './ledger.read-model';
export { LedgerRepository } from './ledger.repository';
export { ledgerRoutes } from './ledger.routes';
export type { JournalKind, SystemAccountPurpose } from './ledger.schema';
export { SWAP_DESK_PURPOSES, swapInventoryOf } from './ledger.schema';
export type { FundingLeg, FundingTaken, LedgerActor, LedgerCommand, LedgerUnit } from './ledger.service';
export { LedgerService } from './ledger.service';
export type {
  Alongside,
  FreezeOptions,
  HoldChange,
  LedgerBatch,
  MoveEntry,
  MovePosting,
  TradeEntry,
} from './ledger-batch';
export { WalletRepository } from './wallet.repository';
