import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Este campo não pode ficar em branco',
    emailIncorrect: 'E-mail incorreto',
    passwordLength: 'A senha deve ter de 8 a 64 caracteres',
    parameterError: 'Erro de parâmetro',
  },
  money: {
    errors: {
      amountInvalid: 'Erro de valor',
      assetUnknown: 'Esta moeda não é suportada',
    },
  },
  deposit: {
    types: {
      crypto: 'Transferência cripto',
      bank: 'Transferência bancária',
    },
    receipt: 'Comprovante de transferência',
    accounts: {
      spot: 'Conta spot',
      futures: 'Conta de futuros',
    },
  },
  assets: {
    accounts: {
      spot: 'Conta spot',
      futures: 'Conta de futuros',
    },
  },
  markets: {
    simulated: 'Simulado',
  },
};

export default shared;
