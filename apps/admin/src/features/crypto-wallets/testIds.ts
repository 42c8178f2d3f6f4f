/** Test ids of the wallet review screens, for browser journeys; the queue's own are in ../review/testIds. */
export const WalletTestId = {
  chain: 'wallet-chain',
  address: 'wallet-address',
  walletType: 'wallet-type',
} as const;
