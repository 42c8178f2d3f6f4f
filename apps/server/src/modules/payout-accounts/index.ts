/** What other modules may use of bank cards and crypto wallets (decision 0040). */

export { BankCardsRepository } from './bank-cards.repository';
export { bankCardRoutes } from './bank-cards.routes';
export { BankCardsService } from './bank-cards.service';
export { bankCardReviewRoutes } from './bank-cards-review.routes';
export { BankCardsReviewService } from './bank-cards-review.service';
export { CryptoWalletsRepository } from './crypto-wallets.repository';
export { cryptoWalletRoutes } from './crypto-wallets.routes';
export { CryptoWalletsService } from './crypto-wallets.service';
export { cryptoWalletReviewRoutes } from './crypto-wallets-review.routes';
export { CryptoWalletsReviewService } from './crypto-wallets-review.service';
export type { CardTarget, WalletTarget } from './payout-targets';
export { approvedCards, approvedWallets, paidCard, paidCards, walletAddresses } from './payout-targets';
