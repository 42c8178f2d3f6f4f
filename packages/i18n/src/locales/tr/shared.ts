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
  swap: {
    completeInformation: 'Tüm bilgilerin doldurulması gerekir',
    status: {
      waiting: 'Yatırma bekleniyor',
      confirming: 'Onaylanıyor',
      exchanging: 'Takas ediliyor',
      sending: 'Gönderiliyor',
      completed: 'Tamamlandı',
      expired: 'Süresi doldu',
      cancelled: 'İptal edildi',
      refunding: 'İade ediliyor',
      refunded: 'İade edildi',
      review: 'İncelemede',
    },
    payStatus: {
      inPayment: 'Ödeme sürüyor',
      paymentSuccessful: 'Ödeme başarılı',
      paymentCancelled: 'Ödeme iptal edildi',
      canceled: 'İptal edildi',
    },
    errors: {
      pairUnknown: 'Bu çift takas edilemez',
      amountOutOfRange: 'Tutar {{min}} ile {{max}} {{asset}} arasında olmalıdır',
      quoteUnknown: 'Bu teklif mevcut değil. Lütfen yeni bir teklif alın.',
      quoteExpired: 'Bu teklifin süresi doldu. Lütfen yeni bir teklif alın.',
      orderUnknown: 'Bu emir mevcut değil',
      notCancellable: 'Bu emir artık iptal edilemez',
      memoNotSupported: 'Bu ağ not (memo) kullanmaz',
      memoInvalid: 'Not en fazla 64 harf, rakam, boşluk, kısa çizgi ve alt çizgi içerebilir',
      refundAddressRequired: 'Sabit kur için bir iade adresi gerekir',
      stateConflict: 'Emrin mevcut durumunda bu işlem yapılamaz',
      approvalSameOperator: 'Bu ödemeyi ikinci bir operatör onaylamalıdır',
      approvalRequired: 'Bu ödeme önce ikinci bir operatörün onayını gerektirir',
      pairInvalid: 'Minimum tutar en az beş ağ ücreti değerinde olmalı ve maksimumu aşmamalıdır',
      extendedKeyInvalid: 'Bu, bu ağ için geçerli bir genişletilmiş açık anahtar değil',
      extendedKeyPrivate:
        'Bu bir özel anahtar. Buraya asla özel anahtar girmeyin: genişletilmiş açık anahtarı girin.',
      coinNotReady: 'Bu ağda yatırmalar henüz ayarlanmadı',
      txHashInvalid: "İşlem hash'ini blok gezgininde göründüğü gibi girin",
    },
  },
  support: {
    validation: {
      textTooLong: 'Bir mesaj en fazla 2.000 karakter olabilir',
      shortcutInvalid: 'Kısayol en fazla 32 küçük harf, rakam ve tireden oluşur',
      englishRequired: 'İngilizce (en-US) metin zorunludur',
    },
    errors: {
      visitorUnknown: 'Bu sohbet sona erdi. Lütfen yeni bir sohbet başlatın.',
      imageUnknown: 'Bu görsel mevcut değil',
      conversationUnknown: 'Bu konuşma mevcut değil',
      cannedReplyUnknown: 'Bu hazır yanıt mevcut değil',
    },
  },
  content: {
    validation: {
      slugInvalid: 'Kısa ad en fazla 80 küçük harf, rakam ve tireden oluşur',
      titleTooLong: 'Başlık çok uzun',
      bodyTooLong: 'Metin çok uzun',
      englishRequired: 'İngilizce (en-US) sürüm zorunludur',
    },
    errors: {
      articleUnknown: 'Bu makale mevcut değil',
      categoryUnknown: 'Bu kategori mevcut değil',
      slugTaken: 'Bu kısa ad zaten kullanılıyor',
      articleFixed: 'Bu sayfa platformun bir parçasıdır: kısa adı ve türü değişmez, silinemez',
      categoryMismatch: 'Yardım makalesinin bir kategorisi olmalı; haberlerin ve sayfaların kategorisi olmaz',
      englishKept: 'İngilizce (en-US) sürüm diğer tüm dillerin yedeğidir ve silinemez',
      translationUnknown: 'Bu çeviri mevcut değil',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'Bu girişin ayarları şablonuna uymuyor',
      templateUnknown: 'Bilinmeyen şablon',
      titleTooLong: 'Menü başlığı en fazla 60 karakter olabilir',
      englishRequired: 'İngilizce (en-US) başlık zorunludur',
      routeInvalid: 'Rota küçük harfle yazılır, / ile başlar ve en fazla üç bölümdür',
      tooMany: 'Bir menüde en fazla 100 giriş olabilir',
    },
  },
};

export default shared;
