import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Konten tidak boleh kosong',
    emailIncorrect: 'Email tidak valid',
    passwordLength: 'Kata sandi harus terdiri dari 8 hingga 64 karakter',
    parameterError: 'Kesalahan parameter',
  },
  money: {
    errors: {
      amountInvalid: 'Jumlah Salah',
      assetUnknown: 'Koin ini tidak didukung',
    },
  },
  deposit: {
    types: {
      crypto: 'Transfer kripto',
      bank: 'Transfer bank',
    },
    receipt: 'Bukti transfer',
    accounts: {
      spot: 'Akun spot',
      futures: 'Akun futures',
    },
  },
  assets: {
    accounts: {
      spot: 'Akun spot',
      futures: 'Akun futures',
    },
  },
  markets: {
    simulated: 'Simulasi',
  },
};

export default shared;
