/**
 * Texts both apps show (and the server too, when it refuses a request in them). The source of every locale's
 * shared texts: each has exactly these keys (checked by the compiler and by catalogues.test.ts). Placeholders are
 * written {{name}} and must survive translation unchanged.
 */
const shared = {
  validation: {
    contentBlank: 'The content can not be blank',
    emailIncorrect: 'Email incorrect',
    passwordLength: 'The password must be 8 to 64 characters long',
    parameterError: 'Parameter error',
  },
  money: {
    errors: {
      amountInvalid: 'Amount Error',
      assetUnknown: 'This coin is not supported',
    },
  },
  deposit: {
    types: {
      crypto: 'Crypto transfer',
      bank: 'Bank transfer',
    },
    receipt: 'Transfer receipt',
    accounts: {
      spot: 'Spot account',
      futures: 'Futures account',
    },
  },
  assets: {
    accounts: {
      spot: 'Spot account',
      futures: 'Futures account',
    },
  },
  markets: {
    simulated: 'Simulated',
  },
};

export type SharedTexts = typeof shared;
export default shared;
