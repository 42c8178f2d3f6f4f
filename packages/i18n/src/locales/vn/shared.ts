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
  swap: {
    completeInformation: 'Vui lòng điền đầy đủ thông tin',
    status: {
      waiting: 'Đang chờ nạp',
      confirming: 'Đang xác nhận',
      exchanging: 'Đang hoán đổi',
      sending: 'Đang gửi',
      completed: 'Hoàn tất',
      expired: 'Đã hết hạn',
      cancelled: 'Đã hủy',
      refunding: 'Đang hoàn tiền',
      refunded: 'Đã hoàn tiền',
      review: 'Đang xem xét',
    },
    payStatus: {
      inPayment: 'Đang thanh toán',
      paymentSuccessful: 'Thanh toán thành công',
      paymentCancelled: 'Thanh toán đã hủy',
      canceled: 'Đã hủy',
    },
    errors: {
      pairUnknown: 'Không thể hoán đổi cặp này',
      amountOutOfRange: 'Số tiền phải từ {{min}} đến {{max}} {{asset}}',
      quoteUnknown: 'Báo giá này không tồn tại. Vui lòng lấy báo giá mới.',
      quoteExpired: 'Báo giá này đã hết hạn. Vui lòng lấy báo giá mới.',
      orderUnknown: 'Lệnh này không tồn tại',
      notCancellable: 'Lệnh này không thể hủy nữa',
      memoNotSupported: 'Mạng này không dùng memo',
      memoInvalid: 'Memo có tối đa 64 ký tự gồm chữ, số, khoảng trắng, gạch nối và gạch dưới',
      refundAddressRequired: 'Tỷ giá cố định cần địa chỉ hoàn tiền',
      stateConflict: 'Không thể thực hiện ở trạng thái hiện tại của lệnh',
      approvalSameOperator: 'Khoản chi trả này phải được một nhân viên vận hành thứ hai phê duyệt',
      approvalRequired: 'Khoản chi trả này cần nhân viên vận hành thứ hai phê duyệt trước',
      pairInvalid: 'Mức tối thiểu phải bằng ít nhất năm lần phí mạng và không vượt quá mức tối đa',
      extendedKeyInvalid: 'Đây không phải khóa công khai mở rộng hợp lệ cho mạng này',
      extendedKeyPrivate:
        'Đây là khóa riêng tư. Tuyệt đối không nhập khóa riêng tư ở đây: hãy nhập khóa công khai mở rộng.',
      coinNotReady: 'Nạp tiền trên mạng này chưa được thiết lập',
      txHashInvalid: 'Nhập mã băm giao dịch đúng như trình khám phá khối hiển thị',
    },
  },
  support: {
    validation: {
      textTooLong: 'Tin nhắn tối đa 2.000 ký tự',
      shortcutInvalid: 'Phím tắt gồm tối đa 32 chữ thường, chữ số và dấu gạch ngang',
      englishRequired: 'Bắt buộc có văn bản tiếng Anh (en-US)',
    },
    errors: {
      visitorUnknown: 'Cuộc trò chuyện này đã kết thúc. Vui lòng bắt đầu cuộc mới.',
      imageUnknown: 'Hình ảnh này không tồn tại',
      conversationUnknown: 'Cuộc trò chuyện này không tồn tại',
      cannedReplyUnknown: 'Câu trả lời mẫu này không tồn tại',
    },
  },
  content: {
    validation: {
      slugInvalid: 'Mã định danh gồm tối đa 80 chữ thường, chữ số và dấu gạch ngang',
      titleTooLong: 'Tiêu đề quá dài',
      bodyTooLong: 'Nội dung quá dài',
      englishRequired: 'Bắt buộc có bản tiếng Anh (en-US)',
    },
    errors: {
      articleUnknown: 'Bài viết này không tồn tại',
      categoryUnknown: 'Danh mục này không tồn tại',
      slugTaken: 'Slug này đã được sử dụng',
      articleFixed: 'Đây là trang cố định của nền tảng: giữ nguyên slug và loại, không thể xóa',
      categoryMismatch: 'Bài trợ giúp cần có danh mục; tin tức và trang thì không có',
      englishKept: 'Bản tiếng Anh (en-US) là bản dự phòng cho mọi ngôn ngữ khác và không thể xóa',
      translationUnknown: 'Bản dịch này không tồn tại',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'Cài đặt của mục này không khớp với mẫu của nó',
      templateUnknown: 'Mẫu không xác định',
      titleTooLong: 'Tiêu đề menu tối đa 60 ký tự',
      englishRequired: 'Bắt buộc có tiêu đề tiếng Anh (en-US)',
      routeInvalid: 'Đường dẫn viết thường, bắt đầu bằng / và tối đa ba phần',
      tooMany: 'Menu có tối đa 100 mục',
    },
  },
};

export default shared;
