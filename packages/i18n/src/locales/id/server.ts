import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: 'Berhasil',
  },
  errors: {
    unauthorized: 'Silakan masuk ke akun Anda terlebih dahulu',
    forbidden: 'Anda tidak diizinkan melakukan tindakan ini',
    notFound: 'Tidak ditemukan',
    systemBusy: 'Sistem sedang sibuk, silakan coba lagi nanti.',
    busy: 'Terlalu banyak permintaan yang sedang diproses saat ini. Silakan coba lagi dalam beberapa detik.',
    serviceUnavailable: 'Layanan sedang tidak tersedia untuk sementara. Silakan coba lagi sebentar lagi.',
    loginFailed: 'Akun atau kata sandi salah',
    accountExists: 'Akun ini sudah terdaftar',
    accountNotFound: 'Akun ini belum terdaftar',
    codeInvalid: 'Kode verifikasi salah atau sudah kedaluwarsa',
    codeTooSoon: 'Harap tunggu {{seconds}} detik sebelum meminta kode baru',
    smsUnavailable: 'Kode belum dapat dikirim ke nomor ponsel saat ini. Silakan gunakan alamat email Anda.',
    emailUnavailable: 'Kode belum dapat dikirim melalui email saat ini. Silakan gunakan nomor ponsel Anda.',
    inviteCodeUnknown: 'Kode undangan ini tidak ditemukan',
    tooManyAttempts: 'Terlalu banyak percobaan. Silakan coba lagi dalam {{minutes}} menit.',
    idempotencyConflict:
      'Permintaan ini sudah dikirim dengan data berbeda. Periksa riwayat Anda sebelum mencoba lagi.',
    idempotencyInProgress: 'Permintaan ini masih diproses. Harap tunggu sebentar lalu coba lagi.',
  },
  mail: {
    codeSubject: 'Kode verifikasi Kestrel Anda',
    codeBody:
      'Kode verifikasi Anda adalah {{code}}. Kode ini berlaku selama 10 menit. Jika Anda tidak memintanya, abaikan saja pesan ini.',
    codeSms: '[Kestrel] Kode verifikasi Anda adalah {{code}}, berlaku selama 10 menit.',
    accountExistsSubject: 'Anda sudah memiliki akun Kestrel',
    accountExistsBody:
      'Seseorang, kemungkinan Anda, meminta pembuatan akun Kestrel dengan alamat ini, tetapi alamat ini sudah memiliki akun. Silakan masuk, atau atur ulang kata sandi Anda melalui "Lupa kata sandi?" di halaman masuk. Jika itu bukan Anda, abaikan saja pesan ini.',
    accountExistsSms:
      '[Kestrel] Nomor ini sudah memiliki akun Kestrel. Silakan masuk, atau gunakan "Lupa kata sandi?" untuk mengatur ulang kata sandi Anda.',
  },
  backOffice: {
    accountFrozen: 'Akun Anda telah dibekukan. Silakan hubungi layanan pelanggan.',
    signedIn: 'Berhasil masuk',
    totpEnabled: 'Autentikasi dua faktor aktif',
    errors: {
      loginFailed: 'Email atau kata sandi salah',
      totpRequired: 'Masukkan kode 6 digit dari aplikasi autentikator Anda',
      totpInvalid: 'Kode autentikator salah atau sudah kedaluwarsa',
      totpEnrolmentRequired: 'Atur autentikasi dua faktor sebelum melanjutkan',
      roleForbidden: 'Peran Anda tidak mengizinkan tindakan ini',
      adminDisabled: 'Akun back office ini telah dinonaktifkan',
      lastSuperAdmin: 'Super admin terakhir tidak dapat diturunkan atau dinonaktifkan',
      adminExists: 'Akun back office dengan email ini sudah ada',
      totpNotStarted: 'Mulai penyiapan autentikator terlebih dahulu',
      totpAlreadyEnabled: 'Autentikasi dua faktor sudah aktif',
      reviewNotPending: 'Item ini sudah ditinjau',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'Banner ini sudah tidak ada',
        imageInvalid: 'Pilih gambar yang diunggah untuk banner',
        orderMismatch: 'Banner berubah sementara itu; muat ulang lalu coba lagi',
        limitReached: 'Paling banyak {{max}} banner',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer:
          'Anda sudah memberi persetujuan pertama. Peninjau lain harus memberi persetujuan kedua.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: 'Anda tidak dapat mengatur ulang autentikator sendiri. Minta super admin lain.',
      },
    },
  },
  profile: {
    nicknameReserved:
      'Nama panggilan ini dicadangkan atau mirip dengan nama yang dicadangkan. Silakan pilih yang lain.',
    avatarInvalid: 'Unggah ulang foto profil',
  },
  security: {
    wrongPassword: 'Kata sandi salah',
  },
  uploads: {
    missing: 'Pilih gambar',
    notImage: 'File ini bukan gambar yang didukung. Unggah gambar JPEG, PNG, atau WebP.',
    tooManyPixels: 'Gambar memiliki terlalu banyak piksel. Maksimal 40 megapiksel.',
    damaged: 'Gambar rusak dan tidak dapat dibaca.',
    rateLimited: 'Terlalu banyak unggahan. Coba lagi dalam {{minutes}} menit.',
  },
  inbox: {
    unknownDevice: 'Perangkat tidak dikenal',
    withdrawalsNeedIdentity: 'Untuk menarik dana, selesaikan verifikasi identitas terlebih dahulu.',
    withdrawalsOpen: 'Anda dapat menarik dana ke dompet atau kartu bank mana pun yang disetujui tim kami.',
    errors: {
      messageNotFound: 'Pesan ini tidak ada atau telah dihapus',
    },
    events: {
      depositApproved: {
        title: 'Deposit dikreditkan',
        body: 'Deposit Anda sebesar {{amount}} {{asset}} telah disetujui dan dikreditkan ke akun Anda.',
      },
      depositRejected: {
        title: 'Deposit tidak disetujui',
        body: 'Deposit Anda sebesar {{amount}} {{asset}} tidak disetujui.\nAlasan: {{reason}}\nJika menurut Anda ini keliru, silakan hubungi layanan pelanggan.',
      },
      withdrawalCompleted: {
        title: 'Penarikan selesai',
        body: 'Penarikan Anda telah dikirim: {{amount}} {{asset}} sedang menuju akun Anda.',
      },
      withdrawalRejected: {
        title: 'Penarikan tidak disetujui',
        body: 'Penarikan Anda sebesar {{amount}} {{asset}} tidak disetujui, dan jumlahnya kembali ke saldo tersedia Anda.\nAlasan: {{reason}}',
      },
      systemAdd: {
        title: 'Dana ditambahkan ke akun Anda',
        body: 'Platform menambahkan {{amount}} {{asset}} ke akun Anda.',
      },
      systemDebit: {
        title: 'Dana dipotong dari akun Anda',
        body: 'Platform memotong {{amount}} {{asset}} dari akun Anda. Hubungi layanan pelanggan jika ada pertanyaan.',
      },
      welcome: {
        title: 'Selamat datang di Kestrel',
        body: 'Akun Anda sudah siap: Anda bisa deposit dan trading sekarang. {{withdrawals}} Jangan pernah membagikan kata sandi atau kode verifikasi kepada siapa pun, termasuk staf Kestrel.',
      },
      newLogin: {
        title: 'Login baru ke akun Anda',
        body: 'Akun Anda login pada {{time}}.\nPerangkat: {{device}}\nAlamat IP: {{ip}}\nJika ini bukan Anda, segera ubah kata sandi Anda.',
      },
      bankCardApproved: {
        title: 'Kartu bank tertaut',
        body: 'Kartu bank {{card}} Anda di {{bank}} telah disetujui. Kini Anda dapat menarik dana ke kartu ini.',
      },
      bankCardRejected: {
        title: 'Kartu bank tidak disetujui',
        body: 'Kartu bank {{card}} Anda di {{bank}} tidak disetujui.\nAlasan: {{reason}}\nAnda dapat menghapusnya dan menautkan kartu lagi dengan data yang diperbaiki.',
      },
      walletApproved: {
        title: 'Dompet tertaut',
        body: 'Dompet {{chain}} Anda {{address}} telah disetujui. Kini Anda dapat menarik dana ke dompet ini.',
      },
      walletRejected: {
        title: 'Dompet tidak disetujui',
        body: 'Dompet {{chain}} Anda {{address}} tidak disetujui.\nAlasan: {{reason}}\nAnda dapat menghapusnya dan menautkannya lagi dengan tangkapan layar baru.',
      },
      identityApproved: {
        title: 'Identitas terverifikasi',
        body: 'Verifikasi identitas Anda telah disetujui. Akun Anda kini terverifikasi.',
      },
      identityRejected: {
        title: 'Verifikasi identitas gagal',
        body: 'Verifikasi identitas Anda tidak disetujui.\nAlasan: {{reason}}\nAnda dapat memperbaiki data dan mengirimkannya kembali.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached:
        'Anda telah mencapai jumlah maksimum kartu bank. Hapus salah satu untuk menambahkan yang lain.',
      duplicate: 'Kartu ini sudah tertaut ke akun Anda',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached:
        'Anda telah mencapai jumlah maksimum dompet. Hapus salah satu untuk menambahkan yang lain.',
      duplicate: 'Alamat ini sudah tertaut di jaringan ini',
      screenshotInvalid: 'Tangkapan layar tidak ditemukan. Silakan unggah lagi.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'Transfer bank untuk koin ini belum tersedia',
      networkUnavailable: 'Deposit di jaringan ini belum tersedia',
      credentialInvalid: 'Bukti transfer tidak ditemukan. Silakan unggah lagi.',
      belowMinimum: 'Deposit minimum adalah {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable: 'Akun penarikan ini tidak tersedia. Pilih dompet atau kartu bank yang disetujui.',
      networkUnavailable: 'Penarikan koin ini ke akun ini tidak tersedia',
      outOfRange: 'Jumlah harus antara {{min}} dan {{max}} {{asset}}',
      identityRequired:
        'Verifikasi identitas Anda sebelum menarik dana: selesaikan verifikasi identitas terlebih dahulu',
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'Identitas Anda sudah terverifikasi dan tidak dapat diubah',
      underReview: 'Dokumen Anda sedang diverifikasi. Harap tunggu hasilnya.',
      imageInvalid: 'Gambar dokumen tidak ditemukan. Silakan unggah lagi.',
    },
  },
  realtime: {
    tooManyChannels: 'Anda dapat mengikuti paling banyak {{max}} saluran langsung sekaligus.',
  },
  markets: {
    errors: {
      priceStale: 'Harga untuk sementara tidak tersedia. Silakan coba lagi sebentar lagi.',
      unavailable: 'Perdagangan di pasar ini tidak tersedia sesaat. Silakan coba lagi sebentar lagi.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: 'Belum ada harga untuk kontrak perpetual ini. Silakan coba lagi sebentar lagi.',
        aboveBracket:
          'Order ini akan membawa posisi Anda melampaui batas leverage {{leverage}}x. Turunkan leverage atau ukurannya.',
        explainSubject:
          'Sebutkan posisi (sisi) atau draf order (aksi, tipe, dan ukuran) yang ingin dijelaskan.',
      },
    },
    positions: {
      errors: {
        none: 'Anda tidak memiliki posisi terbuka di sisi ini pada pasar ini.',
        triggerWrongSide:
          'Untuk long, take profit harus di atas harga masuk dan stop loss di bawahnya; sebaliknya untuk short.',
        triggerBeyondLiquidation: 'Stop loss tidak boleh melewati harga likuidasi ({{price}}).',
        notIsolated: 'Margin hanya dapat ditambahkan atau ditarik dari posisi terisolasi.',
        marginTooLow: 'Anda dapat menarik paling banyak {{max}} USDT margin dari posisi ini.',
      },
    },
    markets: {
      saved: 'Perpetual disimpan',
      errors: {
        unknown: 'Perpetual ini tidak ada',
        bracketsInvalid:
          'Setiap tingkat memerlukan batas lebih tinggi dari sebelumnya, leverage maksimum yang tidak lebih tinggi, dan tingkat margin pemeliharaan yang tidak lebih rendah',
      },
    },
    settings: {
      saved: 'Pengaturan futures disimpan',
      errors: {
        leverageTooHigh: 'Pasar ini mengizinkan leverage paling tinggi {{max}}x untuk ukuran posisi Anda',
        marginModeLocked:
          'Tutup posisi Anda dan batalkan order terbuka Anda di pasar ini sebelum mengubah mode margin',
      },
    },
  },
  options: {
    bought: 'Pembelian berhasil',
    saved: 'Produk disimpan',
    errors: {
      productUnknown: 'Produk ini tidak ada',
      periodUnknown: 'Produk ini tidak memiliki periode dengan durasi ini',
      directionRequired: 'Pilih naik atau turun',
      orderUnknown: 'Order ini tidak ada',
      productClosed: 'Produk ini ditutup untuk order baru',
      stakeOutOfRange: 'Jumlah harus antara {{min}} dan {{max}} {{asset}}',
      roundClosed: 'Pembelian untuk putaran ini sudah ditutup. Silakan beli di putaran berikutnya.',
      openOrdersCap: 'Anda dapat memiliki paling banyak {{max}} order terbuka pada produk ini',
      dailyLossCap: 'Order ini akan membuat kerugian Anda hari ini melewati batas {{max}} {{asset}}',
      productExists: 'Pasar ini sudah memiliki produk',
      periodsInvalid:
        'Setiap periode memerlukan durasi sendiri, taruhan maksimum tidak lebih rendah dari minimum, dan batas pembelian yang lebih pendek dari periode',
    },
  },
  earn: {
    subscribed: 'Berhasil berlangganan',
    redeemed: 'Berhasil ditebus',
    saved: 'Produk disimpan',
    errors: {
      productUnknown: 'Produk ini tidak ada',
      orderUnknown: 'Pesanan ini tidak ada',
      notOnSale: 'Produk ini sedang tidak dijual',
      belowMinimum: 'Langganan minimum adalah {{min}} {{asset}}',
      aboveUserMax: 'Anda dapat memegang paling banyak {{max}} {{asset}} di produk ini',
      quotaExhausted: 'Hanya tersisa {{left}} {{asset}} dari produk ini',
      redemptionNotAllowed: 'Produk ini tidak dapat ditebus sebelum jatuh tempo',
      redemptionChanged: 'Jumlah yang akan Anda terima telah berubah. Silakan periksa kembali.',
      orderNotActive: 'Pesanan ini sudah tidak aktif',
      amountPrecision: 'Jumlah {{asset}} paling banyak {{places}} angka desimal',
      productInvalid:
        'Periksa produk: maksimum per pengguna tidak kurang dari minimum, kuota tidak kurang dari maksimum, penjualan berakhir setelah dimulai',
    },
  },
  missions: {
    rewardClaimed: 'Hadiah telah diklaim',
    saved: 'Tugas disimpan',
    errors: {
      missionUnknown: 'Tugas ini tidak ada',
      notFinished: 'Selesaikan tugas ini sebelum mengklaim hadiahnya',
      alreadyClaimed: 'Anda sudah mengklaim hadiah ini',
      expired: 'Batas waktu klaim hadiah ini telah lewat',
      identityRequired: 'Verifikasi identitas Anda untuk mengklaim hadiah',
    },
  },
  referral: {
    saved: 'Pengaturan referal disimpan',
  },
  membership: {
    saved: 'Level keanggotaan disimpan',
    errors: {
      levelsInvalid:
        'Level 0 tidak boleh mensyaratkan apa pun; setiap level harus mensyaratkan volume atau aset lebih besar dari level di bawahnya, dengan diskon tidak lebih rendah dan di bawah 100%',
    },
  },
  support: {
    sent: 'Pesan terkirim',
    saved: 'Tersimpan',
    notice: {
      agentReplied: {
        title: 'Layanan pelanggan telah membalas',
        body: 'Agen {{agent}} telah membalas pesan Anda. Buka obrolan layanan untuk membacanya.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: 'Rute {{route}} bentrok dengan rute aplikasi {{fixed}}',
      routeDuplicate: 'Rute {{route}} sudah dipakai entri lain',
      tooDeep: 'Entri anak tidak boleh memiliki anak sendiri',
      screenUnknown: '{{path}} bukan salah satu layar aplikasi',
      linkInsecure: 'Tautan harus berupa alamat https://',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'Tidak tersedia di akun demo: dananya virtual dan tidak pernah bercampur dengan uang sungguhan. Beralihlah ke akun asli Anda untuk ini.',
      demoOnly: 'Hanya akun demo yang dapat melakukan ini',
    },
  },
};

export default server;
