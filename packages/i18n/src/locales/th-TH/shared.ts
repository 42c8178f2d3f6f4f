import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'เนื้อหาต้องไม่เว้นว่าง',
    emailIncorrect: 'อีเมลไม่ถูกต้อง',
    passwordLength: 'รหัสผ่านต้องมีความยาว 8 ถึง 64 ตัวอักษร',
    parameterError: 'พารามิเตอร์ไม่ถูกต้อง',
  },
  money: {
    errors: {
      amountInvalid: 'จำนวนเงินไม่ถูกต้อง',
      assetUnknown: 'ไม่รองรับเหรียญนี้',
    },
  },
  deposit: {
    types: {
      crypto: 'โอนคริปโต',
      bank: 'โอนผ่านธนาคาร',
    },
    receipt: 'หลักฐานการโอน',
    accounts: {
      spot: 'บัญชีสปอต',
      futures: 'บัญชีฟิวเจอร์ส',
    },
  },
  assets: {
    accounts: {
      spot: 'บัญชีสปอต',
      futures: 'บัญชีฟิวเจอร์ส',
    },
  },
  markets: {
    simulated: 'จำลอง',
  },
};

export default shared;
