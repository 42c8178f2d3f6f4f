/** What other modules may use of bank cards and crypto wallets (decisions 0040, 0041). */

export { bankCardAccounts } from './bank-cards';
export { cryptoWalletAccounts } from './crypto-wallets';
export { payoutAccountReview } from './payout-account-review';
export { PayoutAccountsRepository } from './payout-accounts.repository';
export { payoutAccountRoutes } from './payout-accounts.routes';
export { PayoutAccountsService } from './payout-accounts.service';
export type { CardTarget, WalletTarget } from './payout-targets';
export { approvedCards, approvedWallets, paidCard, paidCards, walletAddresses } from './payout-targets';
