/** Test ids of the deposit screens, for browser journeys; the queue's own are in ../review/testIds. */
export const DepositTestId = {
  amount: 'deposit-amount',
  claimedAmount: 'deposit-claimed-amount',
  asset: 'deposit-asset',
  network: 'deposit-network',
  address: 'deposit-address',
  method: 'deposit-method',
  bank: 'deposit-bank',
  reference: 'deposit-reference',
  transaction: 'deposit-transaction',
  correct: 'deposit-correct-amount',
  correctDialog: 'dialog-correct-amount',
  newAmount: 'deposit-new-amount',
} as const;
