import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: '内容不能为空',
    emailIncorrect: '邮箱格式不正确',
    passwordLength: '密码长度须为 8 至 64 个字符',
    parameterError: '参数错误',
  },
  money: {
    errors: {
      amountInvalid: '金额错误',
      assetUnknown: '不支持该币种',
    },
  },
  deposit: {
    types: {
      crypto: '加密货币转账',
      bank: '银行转账',
    },
    receipt: '转账回单',
    accounts: {
      spot: '现货账户',
      futures: '合约账户',
    },
  },
  assets: {
    accounts: {
      spot: '现货账户',
      futures: '合约账户',
    },
  },
  markets: {
    simulated: '模拟',
  },
};

export default shared;
