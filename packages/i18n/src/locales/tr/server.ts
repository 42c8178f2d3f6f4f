import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: 'Başarılı',
  },
  errors: {
    unauthorized: 'Lütfen önce hesabınıza giriş yapın',
    forbidden: 'Bu işlemi yapma yetkiniz yok',
    notFound: 'Bulunamadı',
    systemBusy: 'Sistem meşgul, lütfen daha sonra tekrar deneyin.',
    busy: 'Şu anda çok fazla istek işleniyor. Lütfen birkaç saniye sonra tekrar deneyin.',
    serviceUnavailable: 'Hizmet geçici olarak kullanılamıyor. Lütfen birazdan tekrar deneyin.',
    loginFailed: 'Hesap veya şifre hatalı',
    accountExists: 'Bu hesap zaten kayıtlı',
    accountNotFound: 'Bu hesap kayıtlı değil',
    codeInvalid: 'Doğrulama kodu hatalı veya süresi dolmuş',
    codeTooSoon: 'Yeni kod istemeden önce lütfen {{seconds}} saniye bekleyin',
    smsUnavailable:
      'Şu anda cep telefonu numaralarına kod gönderilemiyor. Lütfen e-posta adresinizi kullanın.',
    emailUnavailable: 'Şu anda e-posta ile kod gönderilemiyor. Lütfen cep telefonu numaranızı kullanın.',
    inviteCodeUnknown: 'Bu davet kodu mevcut değil',
    tooManyAttempts: 'Çok fazla deneme yapıldı. Lütfen {{minutes}} dakika sonra tekrar deneyin.',
    idempotencyConflict:
      'Bu istek daha önce farklı bilgilerle gönderildi. Tekrar denemeden önce kayıtlarınızı kontrol edin.',
    idempotencyInProgress: 'Bu istek hâlâ işleniyor. Lütfen biraz bekleyip tekrar deneyin.',
  },
  mail: {
    codeSubject: 'Kestrel doğrulama kodunuz',
    codeBody:
      'Doğrulama kodunuz: {{code}}. Kod 10 dakika geçerlidir. Bu kodu siz talep etmediyseniz bu mesajı dikkate almayabilirsiniz.',
    codeSms: '[Kestrel] Doğrulama kodunuz: {{code}}. 10 dakika geçerlidir.',
    accountExistsSubject: 'Zaten bir Kestrel hesabınız var',
    accountExistsBody:
      'Birisi, muhtemelen siz, bu adresle bir Kestrel hesabı oluşturmak istedi, ancak bu adresin zaten bir hesabı var. Giriş yapın veya giriş sayfasındaki "Şifrenizi mi unuttunuz?" bağlantısıyla şifrenizi sıfırlayın. Bu siz değilseniz bu mesajı dikkate almayabilirsiniz.',
    accountExistsSms:
      '[Kestrel] Bu numaranın zaten bir Kestrel hesabı var. Giriş yapın veya şifrenizi sıfırlamak için "Şifrenizi mi unuttunuz?" seçeneğini kullanın.',
  },
  backOffice: {
    accountFrozen: 'Hesabınız donduruldu. Lütfen müşteri hizmetleriyle iletişime geçin.',
    signedIn: 'Giriş yapıldı',
    totpEnabled: 'İki adımlı doğrulama açık',
    errors: {
      loginFailed: 'E-posta veya şifre hatalı',
      totpRequired: 'Lütfen doğrulayıcı uygulamanızdaki 6 haneli kodu girin',
      totpInvalid: 'Doğrulama kodu hatalı veya süresi dolmuş',
      totpEnrolmentRequired: 'Devam etmeden önce iki adımlı doğrulamayı kurun',
      roleForbidden: 'Rolünüz bu işleme izin vermiyor',
      adminDisabled: 'Bu yönetim hesabı devre dışı bırakıldı',
      lastSuperAdmin: 'Son süper yönetici düşürülemez veya devre dışı bırakılamaz',
      adminExists: 'Bu e-postayla bir yönetim hesabı zaten var',
      totpNotStarted: 'Önce doğrulayıcı kurulumunu başlatın',
      totpAlreadyEnabled: 'İki adımlı doğrulama zaten açık',
      reviewNotPending: 'Bu öğe zaten incelendi',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'Bu banner artık yok',
        imageInvalid: 'Bannerlar için yüklenmiş bir görsel seçin',
        orderMismatch: 'Bannerlar bu arada değişti; sayfayı yenileyip tekrar deneyin',
        limitReached: 'En fazla {{max}} banner',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: 'İlk onayı siz verdiniz. İkinci onayı başka bir inceleyici vermelidir.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: 'Kendi doğrulayıcınızı sıfırlayamazsınız. Başka bir süper yöneticiye başvurun.',
      },
    },
  },
  profile: {
    nicknameReserved: 'Bu takma ad ayrılmış ya da ayrılmış bir ada benziyor. Lütfen başka bir tane seçin.',
    avatarInvalid: 'Lütfen profil fotoğrafını yeniden yükleyin',
  },
  security: {
    wrongPassword: 'Yanlış şifre',
  },
  uploads: {
    missing: 'Lütfen bir görsel seçin',
    notImage: 'Bu dosya desteklenen bir görsel değil. Lütfen JPEG, PNG veya WebP görsel yükleyin.',
    tooManyPixels: 'Görselin piksel sayısı çok fazla. En fazla 40 megapiksel olabilir.',
    damaged: 'Görsel bozuk ve okunamıyor.',
    rateLimited: 'Çok fazla yükleme yapıldı. Lütfen {{minutes}} dakika sonra tekrar deneyin.',
  },
  inbox: {
    unknownDevice: 'Bilinmeyen cihaz',
    withdrawalsNeedIdentity: 'Para çekmek için önce kimlik doğrulamasını tamamlayın.',
    withdrawalsOpen: 'Ekibimizin onayladığı herhangi bir cüzdana veya banka kartına para çekebilirsiniz.',
    errors: {
      messageNotFound: 'Bu mesaj mevcut değil veya kaldırıldı',
    },
    events: {
      depositApproved: {
        title: 'Yatırma hesaba geçti',
        body: '{{amount}} {{asset}} tutarındaki yatırmanız onaylandı ve hesabınıza geçirildi.',
      },
      depositRejected: {
        title: 'Yatırma onaylanmadı',
        body: '{{amount}} {{asset}} tutarındaki yatırmanız onaylanmadı.\nNeden: {{reason}}\nBunun bir hata olduğunu düşünüyorsanız lütfen müşteri hizmetleriyle iletişime geçin.',
      },
      withdrawalCompleted: {
        title: 'Çekim tamamlandı',
        body: 'Çekiminiz gönderildi: {{amount}} {{asset}} hesabınıza doğru yolda.',
      },
      withdrawalRejected: {
        title: 'Çekim onaylanmadı',
        body: '{{amount}} {{asset}} tutarındaki çekiminiz onaylanmadı; tutar kullanılabilir bakiyenize geri döndü.\nNeden: {{reason}}',
      },
      systemAdd: {
        title: 'Hesabınıza bakiye eklendi',
        body: 'Platform hesabınıza {{amount}} {{asset}} ekledi.',
      },
      systemDebit: {
        title: 'Hesabınızdan bakiye düşüldü',
        body: 'Platform hesabınızdan {{amount}} {{asset}} düştü. Sorularınız için müşteri hizmetleriyle iletişime geçin.',
      },
      welcome: {
        title: "Kestrel'e hoş geldiniz",
        body: 'Hesabınız hazır: şimdi para yatırabilir ve işlem yapabilirsiniz. {{withdrawals}} Şifrenizi veya doğrulama kodlarınızı, Kestrel çalışanları dahil kimseyle paylaşmayın.',
      },
      newLogin: {
        title: 'Hesabınızda yeni oturum açıldı',
        body: 'Hesabınızda {{time}} tarihinde oturum açıldı.\nCihaz: {{device}}\nIP adresi: {{ip}}\nBu siz değilseniz şifrenizi hemen değiştirin.',
      },
      bankCardApproved: {
        title: 'Banka kartı bağlandı',
        body: '{{bank}} bankasındaki {{card}} kartınız onaylandı. Artık bu karta çekim yapabilirsiniz.',
      },
      bankCardRejected: {
        title: 'Banka kartı onaylanmadı',
        body: '{{bank}} bankasındaki {{card}} kartınız onaylanmadı.\nNeden: {{reason}}\nKartı silip düzeltilmiş bilgilerle yeniden bağlayabilirsiniz.',
      },
      walletApproved: {
        title: 'Cüzdan bağlandı',
        body: '{{chain}} cüzdanınız {{address}} onaylandı. Artık bu cüzdana çekim yapabilirsiniz.',
      },
      walletRejected: {
        title: 'Cüzdan onaylanmadı',
        body: '{{chain}} cüzdanınız {{address}} onaylanmadı.\nNeden: {{reason}}\nCüzdanı silip yeni bir ekran görüntüsüyle yeniden bağlayabilirsiniz.',
      },
      identityApproved: {
        title: 'Kimlik doğrulandı',
        body: 'Kimlik doğrulamanız onaylandı. Hesabınız artık doğrulanmış durumda.',
      },
      identityRejected: {
        title: 'Kimlik doğrulama başarısız',
        body: 'Kimlik doğrulamanız onaylanmadı.\nNeden: {{reason}}\nBilgilerinizi düzeltip yeniden gönderebilirsiniz.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: 'Banka kartı sınırına ulaştınız. Yeni bir kart eklemek için birini silin.',
      duplicate: 'Bu kart hesabınıza zaten bağlı',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: 'Cüzdan sınırına ulaştınız. Yeni bir cüzdan eklemek için birini silin.',
      duplicate: 'Bu adres bu ağda zaten bağlı',
      screenshotInvalid: 'Ekran görüntüsü bulunamadı. Lütfen yeniden yükleyin.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'Bu coin için banka havaleleri henüz kullanılamıyor',
      networkUnavailable: 'Bu ağda para yatırma henüz kullanılamıyor',
      credentialInvalid: 'Transfer belgesi bulunamadı. Lütfen tekrar yükleyin.',
      belowMinimum: 'Minimum yatırma tutarı {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable: 'Bu çekim hesabı kullanılamıyor. Onaylı bir cüzdan veya banka kartı seçin.',
      networkUnavailable: 'Bu coin için bu hesaba çekim yapılamıyor',
      outOfRange: 'Tutar {{min}} ile {{max}} {{asset}} arasında olmalıdır',
      identityRequired: 'Para çekmeden önce kimliğinizi doğrulayın: önce kimlik doğrulamasını tamamlayın',
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'Kimliğiniz zaten doğrulandı ve değiştirilemez',
      underReview: 'Belgeleriniz inceleniyor. Lütfen sonucu bekleyin.',
      imageInvalid: 'Belge görseli bulunamadı. Lütfen yeniden yükleyin.',
    },
  },
  realtime: {
    tooManyChannels: 'Aynı anda en fazla {{max}} canlı kanalı takip edebilirsiniz.',
  },
  markets: {
    errors: {
      priceStale: 'Fiyatlar geçici olarak alınamıyor. Lütfen biraz sonra tekrar deneyin.',
      unavailable: 'Bu piyasada işlem kısa bir süreliğine yapılamıyor. Lütfen birazdan tekrar deneyin.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: 'Bu sürekli sözleşme için henüz bir fiyat yok. Lütfen birazdan tekrar deneyin.',
        aboveBracket:
          'Bu emir pozisyonunuzu {{leverage}}x kaldıracın izin verdiğinin ötesine taşır. Kaldıracı veya miktarı düşürün.',
        explainSubject:
          'Açıklanacak bir pozisyon (yön) ya da bir emir taslağı (işlem, tür ve miktar) belirtin.',
      },
    },
    positions: {
      errors: {
        none: 'Bu piyasada bu yönde açık pozisyonunuz yok.',
        triggerWrongSide:
          'Long pozisyonda kâr al giriş fiyatının üstünde, zarar durdur altında olmalıdır; short pozisyonda tersi geçerlidir.',
        triggerBeyondLiquidation: 'Zarar durdur, likidasyon fiyatının ({{price}}) ötesinde olamaz.',
        notIsolated: 'Marjin yalnızca izole bir pozisyona eklenebilir veya ondan çekilebilir.',
        marginTooLow: 'Bu pozisyondan en fazla {{max}} USDT marjin çekebilirsiniz.',
      },
    },
    markets: {
      saved: 'Sürekli sözleşme kaydedildi',
      errors: {
        unknown: 'Bu sürekli sözleşme yok',
        bracketsInvalid:
          'Her kademenin üst sınırı bir öncekinden yüksek, azami kaldıracı daha yüksek olmamalı ve sürdürme teminatı oranı daha düşük olmamalıdır',
      },
    },
    settings: {
      saved: 'Vadeli işlem ayarları kaydedildi',
      errors: {
        leverageTooHigh: 'Bu piyasa pozisyon büyüklüğünüz için en fazla {{max}}x kaldıraca izin verir',
        marginModeLocked:
          'Teminat modunu değiştirmeden önce bu piyasadaki pozisyonlarınızı kapatın ve açık emirlerinizi iptal edin',
      },
    },
  },
  options: {
    bought: 'Satın alma başarılı',
    saved: 'Ürün kaydedildi',
    errors: {
      productUnknown: 'Bu ürün mevcut değil',
      periodUnknown: 'Bu ürünün bu uzunlukta bir dönemi yok',
      directionRequired: 'Yükseliş veya düşüş seçin',
      orderUnknown: 'Bu emir mevcut değil',
      productClosed: 'Bu ürün yeni emirlere kapalı',
      stakeOutOfRange: 'Tutar {{min}} ile {{max}} {{asset}} arasında olmalıdır',
      roundClosed: 'Bu tur için alım kapandı. Lütfen bir sonraki turda alın.',
      openOrdersCap: 'Bu üründe en fazla {{max}} açık emriniz olabilir',
      dailyLossCap: 'Bu emir bugünkü zararınızı {{max}} {{asset}} sınırının üzerine çıkarır',
      productExists: 'Bu piyasanın zaten bir ürünü var',
      periodsInvalid:
        'Her dönemin kendine ait bir uzunluğu, en azdan düşük olmayan bir en yüksek tutarı ve dönemden kısa bir alım kapanışı olmalıdır',
    },
  },
  earn: {
    subscribed: 'Abone olundu',
    redeemed: 'İtfa edildi',
    saved: 'Ürün kaydedildi',
    errors: {
      productUnknown: 'Bu ürün mevcut değil',
      orderUnknown: 'Bu emir mevcut değil',
      notOnSale: 'Bu ürün şu anda satışta değil',
      belowMinimum: 'En az {{min}} {{asset}} ile abone olabilirsiniz',
      aboveUserMax: 'Bu üründe en fazla {{max}} {{asset}} tutabilirsiniz',
      quotaExhausted: 'Bu üründen yalnızca {{left}} {{asset}} kaldı',
      redemptionNotAllowed: 'Bu ürün vadesinden önce itfa edilemez',
      redemptionChanged: 'Alacağınız tutar değişti. Lütfen yeniden kontrol edin.',
      orderNotActive: 'Bu emir artık etkin değil',
      amountPrecision: '{{asset}} tutarları en fazla {{places}} ondalık basamak içerebilir',
      productInvalid:
        'Ürünü kontrol edin: kullanıcı başına azami tutar en az asgari tutar, kota en az azami tutar olmalı ve satış başladıktan sonra bitmeli',
    },
  },
  missions: {
    rewardClaimed: 'Ödül alındı',
    saved: 'Görev kaydedildi',
    errors: {
      missionUnknown: 'Bu görev mevcut değil',
      notFinished: 'Ödülünü almadan önce bu görevi tamamlayın',
      alreadyClaimed: 'Bu ödülü zaten aldınız',
      expired: 'Bu ödülü alma süresi doldu',
      identityRequired: 'Ödül almak için kimliğinizi doğrulayın',
    },
  },
  referral: {
    saved: 'Davet ayarları kaydedildi',
  },
  membership: {
    saved: 'Üyelik seviyeleri kaydedildi',
    errors: {
      levelsInvalid:
        "Seviye 0 hiçbir koşul gerektirmemeli; her seviye bir alttakinden daha fazla hacim veya varlık gerektirmeli, indirimleri ondan düşük olmamalı ve %100'ün altında olmalı",
    },
  },
  support: {
    sent: 'Mesaj gönderildi',
    saved: 'Kaydedildi',
    notice: {
      agentReplied: {
        title: 'Müşteri hizmetleri yanıtladı',
        body: 'Temsilci {{agent}} mesajınızı yanıtladı. Okumak için destek sohbetini açın.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: '{{route}} rotası uygulamanın {{fixed}} rotasıyla çakışıyor',
      routeDuplicate: '{{route}} rotası başka bir öğe tarafından kullanılıyor',
      tooDeep: 'Bir alt öğenin kendi alt öğeleri olamaz',
      screenUnknown: '{{path}} uygulamanın ekranlarından biri değil',
      linkInsecure: 'Bağlantı bir https:// adresi olmalıdır',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'Demo hesapta kullanılamaz: fonları sanaldır ve gerçek parayla asla karışmaz. Bunun için gerçek hesabınıza geçin.',
      demoOnly: 'Bunu yalnızca bir demo hesap yapabilir',
    },
  },
};

export default server;
