import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Dieses Feld darf nicht leer sein',
    emailIncorrect: 'Ungültige E-Mail-Adresse',
    passwordLength: 'Das Passwort muss 8 bis 64 Zeichen lang sein',
    parameterError: 'Parameterfehler',
  },
  money: {
    errors: {
      amountInvalid: 'Betragsfehler',
      assetUnknown: 'Diese Kryptowährung wird nicht unterstützt',
    },
  },
  deposit: {
    types: {
      crypto: 'Krypto-Überweisung',
      bank: 'Banküberweisung',
    },
    receipt: 'Überweisungsbeleg',
    accounts: {
      spot: 'Spot-Konto',
      futures: 'Futures-Konto',
    },
  },
  assets: {
    accounts: {
      spot: 'Spot-Konto',
      futures: 'Futures-Konto',
    },
  },
  markets: {
    simulated: 'Simuliert',
  },
};

export default shared;
