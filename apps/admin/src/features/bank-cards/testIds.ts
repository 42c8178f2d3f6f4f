/** Test ids of the bank-card review screens, for browser journeys; the queue's own are in ../review/testIds. */
export const BankCardTestId = {
  bank: 'bank-card-bank',
  cardNumber: 'bank-card-number',
  cardholder: 'bank-card-cardholder',
} as const;
