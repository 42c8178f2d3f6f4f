/** The user's wallet: balances, transfers and the account change log (decision 0040), read from the ledger. */
export { walletRoutes } from './wallet.routes';
export { type IndexPrices, usdPriceOf, WalletService } from './wallet.service';
