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
};

export default shared;
