/** Test ids of the assets page, for browser journeys. */
export const AssetsTestId = {
  asset: (code: string) => `asset-${code}`,
  network: (asset: string, chain: string) => `network-${asset}-${chain}`,
  edit: (asset: string, chain: string) => `network-edit-${asset}-${chain}`,
  add: (asset: string) => `network-add-${asset}`,
  dialog: 'dialog-network',
  chain: 'network-chain',
  address: 'network-address',
  minDeposit: 'network-min-deposit',
  withdrawalFee: 'network-withdrawal-fee',
  withdrawalMin: 'network-withdrawal-min',
  withdrawalMax: 'network-withdrawal-max',
  displayOrder: 'network-display-order',
  depositEnabled: 'network-deposit-enabled',
  withdrawalEnabled: 'network-withdrawal-enabled',
} as const;
