import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'İçerik boş bırakılamaz',
    emailIncorrect: 'E-posta adresi hatalı',
    passwordLength: 'Şifre 8 ile 64 karakter arasında olmalıdır',
    parameterError: 'Parametre hatası',
  },
  money: {
    errors: {
      amountInvalid: 'Tutar Hatası',
      assetUnknown: 'Bu coin desteklenmiyor',
    },
  },
  deposit: {
    types: {
      crypto: 'Kripto transferi',
      bank: 'Banka havalesi',
    },
    receipt: 'Havale dekontu',
    accounts: {
      spot: 'Spot hesap',
      futures: 'Vadeli işlem hesabı',
    },
  },
  assets: {
    accounts: {
      spot: 'Spot hesap',
      futures: 'Vadeli hesap',
    },
  },
  markets: {
    simulated: 'Simülasyon',
  },
};

export default shared;
