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
  swap: {
    completeInformation: 'يلزم إكمال المعلومات',
    status: {
      waiting: 'بانتظار الإيداع',
      confirming: 'قيد التأكيد',
      exchanging: 'قيد المبادلة',
      sending: 'قيد الإرسال',
      completed: 'مكتمل',
      expired: 'منتهي الصلاحية',
      cancelled: 'ملغى',
      refunding: 'قيد الاسترداد',
      refunded: 'تم الاسترداد',
      review: 'قيد المراجعة',
    },
    payStatus: {
      inPayment: 'قيد الدفع',
      paymentSuccessful: 'تم الدفع بنجاح',
      paymentCancelled: 'تم إلغاء الدفع',
      canceled: 'ملغى',
    },
    errors: {
      pairUnknown: 'لا يمكن مبادلة هذا الزوج',
      amountOutOfRange: 'يجب أن يكون المبلغ بين {{min}} و{{max}} {{asset}}',
      quoteUnknown: 'هذا العرض غير موجود. يرجى طلب عرض جديد.',
      quoteExpired: 'انتهت صلاحية هذا العرض. يرجى طلب عرض جديد.',
      orderUnknown: 'هذا الطلب غير موجود',
      notCancellable: 'لم يعد بالإمكان إلغاء هذا الطلب',
      memoNotSupported: 'هذه الشبكة لا تستخدم المذكرة',
      memoInvalid:
        'يمكن أن تحتوي المذكرة على 64 حرفًا كحد أقصى من الحروف والأرقام والمسافات والشرطات والشرطات السفلية',
      refundAddressRequired: 'يتطلب السعر الثابت عنوان استرداد',
      stateConflict: 'لا يمكن تنفيذ ذلك في حالة الطلب الحالية',
      approvalSameOperator: 'يجب أن يوافق مشغل ثانٍ على هذه الدفعة',
      approvalRequired: 'تحتاج هذه الدفعة أولًا إلى موافقة مشغل ثانٍ',
      pairInvalid: 'يجب أن يعادل الحد الأدنى خمس رسوم شبكة على الأقل وألا يتجاوز الحد الأقصى',
      extendedKeyInvalid: 'هذا ليس مفتاحًا عامًا موسعًا صالحًا لهذه الشبكة',
      extendedKeyPrivate: 'هذا مفتاح خاص. لا تُدخل مفتاحًا خاصًا هنا أبدًا: أدخل المفتاح العام الموسع.',
      coinNotReady: 'لم يتم إعداد الإيداع على هذه الشبكة بعد',
      txHashInvalid: 'أدخل تجزئة المعاملة كما يعرضها مستكشف الكتل',
    },
  },
  support: {
    validation: {
      textTooLong: 'يمكن أن تحتوي الرسالة على 2000 حرف كحد أقصى',
      shortcutInvalid: 'يتكون الاختصار من 32 حرفًا صغيرًا أو رقمًا أو شرطة كحد أقصى',
      englishRequired: 'النص الإنجليزي (en-US) مطلوب',
    },
    errors: {
      visitorUnknown: 'انتهت هذه المحادثة. يرجى بدء محادثة جديدة.',
      imageUnknown: 'هذه الصورة غير موجودة',
      conversationUnknown: 'هذه المحادثة غير موجودة',
      cannedReplyUnknown: 'هذا الرد الجاهز غير موجود',
    },
  },
  content: {
    validation: {
      slugInvalid: 'يتكون المعرّف من 80 حرفًا صغيرًا أو رقمًا أو شرطة كحد أقصى',
      titleTooLong: 'العنوان طويل جدًا',
      bodyTooLong: 'النص طويل جدًا',
      englishRequired: 'النسخة الإنجليزية (en-US) مطلوبة',
    },
    errors: {
      articleUnknown: 'هذه المقالة غير موجودة',
      categoryUnknown: 'هذه الفئة غير موجودة',
      slugTaken: 'هذا المعرّف مستخدم بالفعل',
      articleFixed: 'هذه صفحة ثابتة في المنصة: يبقى معرّفها ونوعها ولا يمكن حذفها',
      categoryMismatch: 'مقالة المساعدة تحتاج إلى فئة؛ الأخبار والصفحات بلا فئة',
      englishKept: 'النسخة الإنجليزية (en-US) هي البديل لكل اللغات الأخرى ولا يمكن حذفها',
      translationUnknown: 'هذه الترجمة غير موجودة',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'إعدادات هذا العنصر لا تناسب قالبه',
      templateUnknown: 'قالب غير معروف',
      titleTooLong: 'يمكن أن يحتوي عنوان القائمة على 60 حرفًا كحد أقصى',
      englishRequired: 'العنوان الإنجليزي (en-US) مطلوب',
      routeInvalid: 'المسار بأحرف صغيرة ويبدأ بـ / ويتكون من ثلاثة أجزاء كحد أقصى',
      tooMany: 'يمكن أن تحتوي القائمة على 100 عنصر كحد أقصى',
    },
  },
};

export default shared;
