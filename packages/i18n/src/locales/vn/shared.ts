import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Nội dung không được để trống',
    emailIncorrect: 'Email không hợp lệ',
    passwordLength: 'Mật khẩu phải dài từ 8 đến 64 ký tự',
    parameterError: 'Lỗi tham số',
  },
  money: {
    errors: {
      amountInvalid: 'Lỗi số tiền',
      assetUnknown: 'Đồng tiền này không được hỗ trợ',
    },
  },
  deposit: {
    types: {
      crypto: 'Chuyển tiền mã hóa',
      bank: 'Chuyển khoản ngân hàng',
    },
    receipt: 'Biên lai chuyển khoản',
    accounts: {
      spot: 'Tài khoản giao ngay',
      futures: 'Tài khoản hợp đồng tương lai',
    },
  },
  assets: {
    accounts: {
      spot: 'Tài khoản giao ngay',
      futures: 'Tài khoản hợp đồng tương lai',
    },
  },
  markets: {
    simulated: 'Mô phỏng',
  },
};

export default shared;
