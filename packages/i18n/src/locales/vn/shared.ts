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
};

export default shared;
