import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: '內容不可空白',
    emailIncorrect: '電子郵件格式不正確',
    passwordLength: '密碼長度須為 8 至 64 個字元',
    parameterError: '參數錯誤',
  },
  money: {
    errors: {
      amountInvalid: '金額錯誤',
      assetUnknown: '不支援該幣種',
    },
  },
  deposit: {
    types: {
      crypto: '加密貨幣轉帳',
      bank: '銀行轉帳',
    },
    receipt: '轉帳收據',
    accounts: {
      spot: '現貨帳戶',
      futures: '合約帳戶',
    },
  },
  assets: {
    accounts: {
      spot: '現貨帳戶',
      futures: '合約帳戶',
    },
  },
  markets: {
    simulated: '模擬',
  },
};

export default shared;
