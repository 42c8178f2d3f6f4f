/** Test ids of the withdrawal screens, for browser journeys; the queue's own are in ../review/testIds. */
export const WithdrawalTestId = {
  state: 'withdrawal-state',
  destination: 'withdrawal-destination',
  amount: 'withdrawal-amount',
  payout: 'withdrawal-payout',
  firstReviewer: 'withdrawal-first-reviewer',
  payoutReference: 'withdrawal-payout-reference',
  referenceInput: 'withdrawal-reference-input',
  transaction: 'withdrawal-transaction',
} as const;
