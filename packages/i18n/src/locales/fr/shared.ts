import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Ce champ ne peut pas être vide',
    emailIncorrect: 'E-mail incorrect',
    passwordLength: 'Le mot de passe doit contenir entre 8 et 64 caractères',
    parameterError: 'Erreur de paramètre',
  },
  money: {
    errors: {
      amountInvalid: 'Erreur de montant',
      assetUnknown: "Cette crypto-monnaie n'est pas prise en charge",
    },
  },
  deposit: {
    types: {
      crypto: 'Transfert crypto',
      bank: 'Virement bancaire',
    },
    receipt: 'Justificatif de virement',
    accounts: {
      spot: 'Compte spot',
      futures: 'Compte futures',
    },
  },
  assets: {
    accounts: {
      spot: 'Compte spot',
      futures: 'Compte futures',
    },
  },
  markets: {
    simulated: 'Simulé',
  },
};

export default shared;
