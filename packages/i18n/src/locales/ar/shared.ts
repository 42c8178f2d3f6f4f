import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'لا يمكن ترك المحتوى فارغًا',
    emailIncorrect: 'البريد الإلكتروني غير صحيح',
    passwordLength: 'يجب أن تتكون كلمة المرور من 8 إلى 64 حرفًا',
    parameterError: 'خطأ في المعلمات',
  },
  money: {
    errors: {
      amountInvalid: 'خطأ في المبلغ',
      assetUnknown: 'هذه العملة غير مدعومة',
    },
  },
  deposit: {
    types: {
      crypto: 'تحويل عملات رقمية',
      bank: 'تحويل بنكي',
    },
    receipt: 'إيصال التحويل',
    accounts: {
      spot: 'الحساب الفوري',
      futures: 'حساب العقود الآجلة',
    },
  },
  assets: {
    accounts: {
      spot: 'الحساب الفوري',
      futures: 'حساب العقود الآجلة',
    },
  },
  markets: {
    simulated: 'محاكاة',
  },
};

export default shared;
