import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Este campo no puede estar vacío',
    emailIncorrect: 'Correo electrónico incorrecto',
    passwordLength: 'La contraseña debe tener entre 8 y 64 caracteres',
    parameterError: 'Error de parámetros',
  },
  money: {
    errors: {
      amountInvalid: 'Error de importe',
      assetUnknown: 'Esta moneda no es compatible',
    },
  },
  deposit: {
    types: {
      crypto: 'Transferencia cripto',
      bank: 'Transferencia bancaria',
    },
    receipt: 'Comprobante de transferencia',
    accounts: {
      spot: 'Cuenta spot',
      futures: 'Cuenta de futuros',
    },
  },
  assets: {
    accounts: {
      spot: 'Cuenta spot',
      futures: 'Cuenta de futuros',
    },
  },
  markets: {
    simulated: 'Simulado',
  },
};

export default shared;
