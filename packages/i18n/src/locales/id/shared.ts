import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Konten tidak boleh kosong',
    emailIncorrect: 'Email tidak valid',
    passwordLength: 'Kata sandi harus terdiri dari 8 hingga 64 karakter',
    parameterError: 'Kesalahan parameter',
  },
  money: {
    errors: {
      amountInvalid: 'Jumlah Salah',
      assetUnknown: 'Koin ini tidak didukung',
    },
  },
  deposit: {
    types: {
      crypto: 'Transfer kripto',
      bank: 'Transfer bank',
    },
    receipt: 'Bukti transfer',
    accounts: {
      spot: 'Akun spot',
      futures: 'Akun futures',
    },
  },
  assets: {
    accounts: {
      spot: 'Akun spot',
      futures: 'Akun futures',
    },
  },
  markets: {
    simulated: 'Simulasi',
  },
  swap: {
    completeInformation: 'Informasi lengkap wajib diisi',
    status: {
      waiting: 'Menunggu setoran',
      confirming: 'Mengonfirmasi',
      exchanging: 'Menukar',
      sending: 'Mengirim',
      completed: 'Selesai',
      expired: 'Kedaluwarsa',
      cancelled: 'Dibatalkan',
      refunding: 'Mengembalikan dana',
      refunded: 'Dana dikembalikan',
      review: 'Dalam peninjauan',
    },
    payStatus: {
      inPayment: 'Dalam pembayaran',
      paymentSuccessful: 'Pembayaran berhasil',
      paymentCancelled: 'Pembayaran dibatalkan',
      canceled: 'Dibatalkan',
    },
    errors: {
      pairUnknown: 'Pasangan ini tidak dapat ditukar',
      amountOutOfRange: 'Jumlah harus antara {{min}} dan {{max}} {{asset}}',
      quoteUnknown: 'Penawaran ini tidak ada. Silakan minta penawaran baru.',
      quoteExpired: 'Penawaran ini telah kedaluwarsa. Silakan minta penawaran baru.',
      orderUnknown: 'Order ini tidak ada',
      notCancellable: 'Order ini tidak dapat dibatalkan lagi',
      memoNotSupported: 'Jaringan ini tidak menggunakan memo',
      memoInvalid: 'Memo boleh berisi hingga 64 huruf, angka, spasi, tanda hubung, dan garis bawah',
      refundAddressRequired: 'Kurs tetap memerlukan alamat pengembalian dana',
      stateConflict: 'Tidak dapat dilakukan pada status order saat ini',
      approvalSameOperator: 'Operator kedua harus menyetujui pembayaran ini',
      approvalRequired: 'Pembayaran ini memerlukan persetujuan operator kedua terlebih dahulu',
      pairInvalid: 'Minimum harus senilai setidaknya lima biaya jaringan dan tidak boleh melebihi maksimum',
      extendedKeyInvalid: 'Ini bukan kunci publik diperluas yang valid untuk jaringan ini',
      extendedKeyPrivate:
        'Ini adalah kunci privat. Jangan pernah memasukkan kunci privat di sini: masukkan kunci publik diperluas.',
      coinNotReady: 'Setoran di jaringan ini belum diatur',
      txHashInvalid: 'Masukkan hash transaksi seperti yang ditampilkan penjelajah blok',
    },
  },
  support: {
    validation: {
      textTooLong: 'Pesan maksimal 2.000 karakter',
      shortcutInvalid: 'Pintasan terdiri dari maksimal 32 huruf kecil, angka, dan tanda hubung',
      englishRequired: 'Teks bahasa Inggris (en-US) wajib diisi',
    },
    errors: {
      visitorUnknown: 'Obrolan ini telah berakhir. Silakan mulai obrolan baru.',
      imageUnknown: 'Gambar ini tidak ada',
      conversationUnknown: 'Percakapan ini tidak ada',
      cannedReplyUnknown: 'Balasan cepat ini tidak ada',
    },
  },
  content: {
    validation: {
      slugInvalid: 'Slug terdiri dari maksimal 80 huruf kecil, angka, dan tanda hubung',
      titleTooLong: 'Judul terlalu panjang',
      bodyTooLong: 'Teks terlalu panjang',
      englishRequired: 'Versi bahasa Inggris (en-US) wajib ada',
    },
    errors: {
      articleUnknown: 'Artikel ini tidak ada',
      categoryUnknown: 'Kategori ini tidak ada',
      slugTaken: 'Slug ini sudah digunakan',
      articleFixed: 'Halaman ini bagian dari platform: slug dan jenisnya tetap dan tidak dapat dihapus',
      categoryMismatch: 'Artikel bantuan memerlukan kategori; berita dan halaman tidak memilikinya',
      englishKept: 'Versi bahasa Inggris (en-US) adalah cadangan semua bahasa lain dan tidak dapat dihapus',
      translationUnknown: 'Terjemahan ini tidak ada',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'Pengaturan entri ini tidak sesuai dengan templatnya',
      templateUnknown: 'Templat tidak dikenal',
      titleTooLong: 'Judul menu maksimal 60 karakter',
      englishRequired: 'Judul bahasa Inggris (en-US) wajib diisi',
      routeInvalid: 'Rute ditulis huruf kecil, diawali / dan paling banyak tiga bagian',
      tooMany: 'Menu berisi maksimal 100 entri',
    },
  },
};

export default shared;
