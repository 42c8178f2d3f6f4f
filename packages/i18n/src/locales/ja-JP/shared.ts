import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: '内容を入力してください',
    emailIncorrect: 'メールアドレスが正しくありません',
    passwordLength: 'パスワードは8～64文字で入力してください',
    parameterError: 'パラメータエラー',
  },
  money: {
    errors: {
      amountInvalid: '金額エラー',
      assetUnknown: 'この通貨には対応していません',
    },
  },
  deposit: {
    types: {
      crypto: '暗号資産送金',
      bank: '銀行振込',
    },
    receipt: '振込明細',
    accounts: {
      spot: '現物口座',
      futures: '先物口座',
    },
  },
  assets: {
    accounts: {
      spot: '現物口座',
      futures: '先物口座',
    },
  },
  markets: {
    simulated: 'シミュレーション',
  },
};

export default shared;
