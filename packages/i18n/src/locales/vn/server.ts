import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: 'Thành công',
  },
  errors: {
    unauthorized: 'Vui lòng đăng nhập tài khoản trước',
    forbidden: 'Bạn không có quyền thực hiện thao tác này',
    notFound: 'Không tìm thấy',
    systemBusy: 'Hệ thống đang bận, vui lòng thử lại sau.',
    busy: 'Hiện có quá nhiều yêu cầu đang được xử lý. Vui lòng thử lại sau vài giây.',
    serviceUnavailable: 'Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau giây lát.',
    loginFailed: 'Tài khoản hoặc mật khẩu không đúng',
    accountExists: 'Tài khoản này đã được đăng ký',
    accountNotFound: 'Tài khoản này chưa được đăng ký',
    codeInvalid: 'Mã xác minh không đúng hoặc đã hết hạn',
    codeTooSoon: 'Vui lòng đợi {{seconds}} giây trước khi yêu cầu mã mới',
    smsUnavailable: 'Hiện chưa thể gửi mã đến số điện thoại di động. Vui lòng dùng địa chỉ email của bạn.',
    emailUnavailable: 'Hiện chưa thể gửi mã qua email. Vui lòng dùng số điện thoại di động của bạn.',
    inviteCodeUnknown: 'Mã mời này không tồn tại',
    tooManyAttempts: 'Bạn đã thử quá nhiều lần. Vui lòng thử lại sau {{minutes}} phút.',
    idempotencyConflict:
      'Yêu cầu này đã được gửi với thông tin khác. Vui lòng kiểm tra lịch sử trước khi thử lại.',
    idempotencyInProgress: 'Yêu cầu này vẫn đang được xử lý. Vui lòng chờ một chút rồi thử lại.',
  },
  mail: {
    codeSubject: 'Mã xác minh Kestrel của bạn',
    codeBody:
      'Mã xác minh của bạn là {{code}}, có hiệu lực trong 10 phút. Nếu bạn không yêu cầu mã này, bạn có thể bỏ qua tin nhắn này.',
    codeSms: '[Kestrel] Mã xác minh của bạn là {{code}}, có hiệu lực trong 10 phút.',
    accountExistsSubject: 'Bạn đã có tài khoản Kestrel',
    accountExistsBody:
      'Có người, có thể là bạn, đã yêu cầu tạo tài khoản Kestrel bằng địa chỉ này, nhưng địa chỉ này đã có tài khoản. Hãy đăng nhập, hoặc đặt lại mật khẩu bằng "Quên mật khẩu?" trên trang đăng nhập. Nếu không phải bạn, bạn có thể bỏ qua tin nhắn này.',
    accountExistsSms:
      '[Kestrel] Số điện thoại này đã có tài khoản Kestrel. Hãy đăng nhập, hoặc dùng "Quên mật khẩu?" để đặt lại mật khẩu.',
  },
  backOffice: {
    accountFrozen: 'Tài khoản của bạn đã bị đóng băng. Vui lòng liên hệ bộ phận chăm sóc khách hàng.',
    signedIn: 'Đã đăng nhập',
    totpEnabled: 'Xác thực hai yếu tố đã được bật',
    errors: {
      loginFailed: 'Email hoặc mật khẩu không đúng',
      totpRequired: 'Vui lòng nhập mã 6 chữ số từ ứng dụng xác thực',
      totpInvalid: 'Mã xác thực không đúng hoặc đã hết hạn',
      totpEnrolmentRequired: 'Hãy thiết lập xác thực hai yếu tố trước khi tiếp tục',
      roleForbidden: 'Vai trò của bạn không được phép thực hiện thao tác này',
      adminDisabled: 'Tài khoản quản trị này đã bị vô hiệu hóa',
      lastSuperAdmin: 'Không thể hạ quyền hoặc vô hiệu hóa siêu quản trị viên cuối cùng',
      adminExists: 'Đã có tài khoản quản trị dùng email này',
      totpNotStarted: 'Hãy bắt đầu thiết lập ứng dụng xác thực trước',
      totpAlreadyEnabled: 'Xác thực hai yếu tố đã được bật từ trước',
      reviewNotPending: 'Mục này đã được xét duyệt',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'Biểu ngữ này không còn tồn tại',
        imageInvalid: 'Hãy chọn hình ảnh được tải lên cho biểu ngữ',
        orderMismatch: 'Danh sách biểu ngữ vừa thay đổi; hãy tải lại và thử lần nữa',
        limitReached: 'Tối đa {{max}} biểu ngữ',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: 'Bạn đã duyệt lần một. Một người duyệt khác phải duyệt lần hai.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount:
          'Bạn không thể tự đặt lại trình xác thực của mình. Hãy nhờ một quản trị viên cấp cao khác.',
      },
    },
  },
  profile: {
    nicknameReserved:
      'Biệt danh này đã được dành riêng hoặc giống một tên dành riêng. Vui lòng chọn biệt danh khác.',
    avatarInvalid: 'Vui lòng tải lại ảnh đại diện',
  },
  security: {
    wrongPassword: 'Sai mật khẩu',
  },
  uploads: {
    missing: 'Vui lòng chọn ảnh',
    notImage: 'Tệp này không phải ảnh được hỗ trợ. Vui lòng tải lên ảnh JPEG, PNG hoặc WebP.',
    tooManyPixels: 'Ảnh có quá nhiều điểm ảnh. Tối đa 40 megapixel.',
    damaged: 'Ảnh bị hỏng và không thể đọc được.',
    rateLimited: 'Tải lên quá nhiều lần. Vui lòng thử lại sau {{minutes}} phút.',
  },
  inbox: {
    unknownDevice: 'Thiết bị không xác định',
    withdrawalsNeedIdentity: 'Để rút tiền, hãy hoàn tất xác minh danh tính trước.',
    withdrawalsOpen:
      'Bạn có thể rút tiền về bất kỳ ví hoặc thẻ ngân hàng nào đã được đội ngũ của chúng tôi duyệt.',
    errors: {
      messageNotFound: 'Tin nhắn này không tồn tại hoặc đã bị xóa',
    },
    events: {
      depositApproved: {
        title: 'Đã ghi có khoản nạp',
        body: 'Khoản nạp {{amount}} {{asset}} của bạn đã được duyệt và ghi có vào tài khoản.',
      },
      depositRejected: {
        title: 'Khoản nạp không được duyệt',
        body: 'Khoản nạp {{amount}} {{asset}} của bạn không được duyệt.\nLý do: {{reason}}\nNếu bạn cho rằng đây là nhầm lẫn, vui lòng liên hệ bộ phận chăm sóc khách hàng.',
      },
      withdrawalCompleted: {
        title: 'Rút tiền hoàn tất',
        body: 'Lệnh rút của bạn đã được gửi: {{amount}} {{asset}} đang trên đường về tài khoản của bạn.',
      },
      withdrawalRejected: {
        title: 'Lệnh rút không được duyệt',
        body: 'Lệnh rút {{amount}} {{asset}} của bạn không được duyệt, số tiền đã trở lại số dư khả dụng.\nLý do: {{reason}}',
      },
      systemAdd: {
        title: 'Tài khoản của bạn đã được cộng tiền',
        body: 'Nền tảng đã cộng {{amount}} {{asset}} vào tài khoản của bạn.',
      },
      systemDebit: {
        title: 'Tài khoản của bạn đã bị trừ tiền',
        body: 'Nền tảng đã trừ {{amount}} {{asset}} khỏi tài khoản của bạn. Hãy liên hệ bộ phận chăm sóc khách hàng nếu bạn có thắc mắc.',
      },
      welcome: {
        title: 'Chào mừng bạn đến với Kestrel',
        body: 'Tài khoản của bạn đã sẵn sàng: bạn có thể nạp tiền và giao dịch ngay. {{withdrawals}} Tuyệt đối không chia sẻ mật khẩu hoặc mã xác minh với bất kỳ ai, kể cả nhân viên Kestrel.',
      },
      newLogin: {
        title: 'Đăng nhập mới vào tài khoản',
        body: 'Tài khoản của bạn đã được đăng nhập lúc {{time}}.\nThiết bị: {{device}}\nĐịa chỉ IP: {{ip}}\nNếu không phải bạn, hãy đổi mật khẩu ngay lập tức.',
      },
      bankCardApproved: {
        title: 'Đã liên kết thẻ ngân hàng',
        body: 'Thẻ ngân hàng {{card}} tại {{bank}} của bạn đã được phê duyệt. Giờ bạn có thể rút tiền về thẻ này.',
      },
      bankCardRejected: {
        title: 'Thẻ ngân hàng không được phê duyệt',
        body: 'Thẻ ngân hàng {{card}} tại {{bank}} của bạn không được phê duyệt.\nLý do: {{reason}}\nBạn có thể xóa và liên kết lại thẻ với thông tin đã sửa.',
      },
      walletApproved: {
        title: 'Đã liên kết ví',
        body: 'Ví {{chain}} {{address}} của bạn đã được phê duyệt. Giờ bạn có thể rút tiền về ví này.',
      },
      walletRejected: {
        title: 'Ví không được phê duyệt',
        body: 'Ví {{chain}} {{address}} của bạn không được phê duyệt.\nLý do: {{reason}}\nBạn có thể xóa và liên kết lại với ảnh chụp màn hình mới.',
      },
      identityApproved: {
        title: 'Đã xác minh danh tính',
        body: 'Yêu cầu xác minh danh tính của bạn đã được phê duyệt. Tài khoản của bạn đã được xác minh.',
      },
      identityRejected: {
        title: 'Xác minh danh tính thất bại',
        body: 'Yêu cầu xác minh danh tính của bạn không được phê duyệt.\nLý do: {{reason}}\nBạn có thể sửa thông tin và gửi lại.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: 'Bạn đã đạt số lượng thẻ ngân hàng tối đa. Hãy xóa một thẻ để thêm thẻ khác.',
      duplicate: 'Thẻ này đã được liên kết với tài khoản của bạn',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: 'Bạn đã đạt số lượng ví tối đa. Hãy xóa một ví để thêm ví khác.',
      duplicate: 'Địa chỉ này đã được liên kết trên mạng này',
      screenshotInvalid: 'Không tìm thấy ảnh chụp màn hình. Vui lòng tải lên lại.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'Chuyển khoản ngân hàng cho coin này chưa khả dụng',
      networkUnavailable: 'Chưa thể nạp tiền qua mạng này',
      credentialInvalid: 'Không tìm thấy chứng từ chuyển khoản. Vui lòng tải lên lại.',
      belowMinimum: 'Số tiền nạp tối thiểu là {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable:
        'Tài khoản rút tiền này không khả dụng. Hãy chọn ví hoặc thẻ ngân hàng đã được duyệt.',
      networkUnavailable: 'Không thể rút coin này về tài khoản này',
      outOfRange: 'Số tiền phải nằm trong khoảng {{min}} đến {{max}} {{asset}}',
      identityRequired: 'Hãy xác minh danh tính trước khi rút tiền: hoàn tất xác minh danh tính trước',
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'Danh tính của bạn đã được xác minh và không thể thay đổi',
      underReview: 'Giấy tờ của bạn đang được xác minh. Vui lòng chờ kết quả.',
      imageInvalid: 'Không tìm thấy ảnh giấy tờ. Vui lòng tải lên lại.',
    },
  },
  realtime: {
    tooManyChannels: 'Bạn chỉ có thể theo dõi tối đa {{max}} kênh trực tiếp cùng lúc.',
  },
  markets: {
    errors: {
      priceStale: 'Tạm thời không có giá. Vui lòng thử lại sau giây lát.',
      unavailable: 'Giao dịch trên thị trường này tạm thời không khả dụng. Vui lòng thử lại sau giây lát.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: 'Hợp đồng vĩnh cửu này chưa có giá. Vui lòng thử lại sau giây lát.',
        aboveBracket:
          'Lệnh này sẽ đưa vị thế của bạn vượt quá mức đòn bẩy {{leverage}}x cho phép. Hãy giảm đòn bẩy hoặc khối lượng.',
        explainSubject:
          'Hãy nêu một vị thế (chiều) hoặc một lệnh nháp (hành động, loại và khối lượng) để giải thích.',
      },
    },
    positions: {
      errors: {
        none: 'Bạn không có vị thế nào đang mở ở chiều này trên thị trường này.',
        triggerWrongSide:
          'Với vị thế long, chốt lời phải cao hơn giá vào và cắt lỗ thấp hơn; với vị thế short thì ngược lại.',
        triggerBeyondLiquidation: 'Cắt lỗ không được vượt quá giá thanh lý ({{price}}).',
        notIsolated: 'Chỉ có thể thêm hoặc rút ký quỹ với vị thế ký quỹ riêng lẻ.',
        marginTooLow: 'Bạn có thể rút tối đa {{max}} USDT ký quỹ khỏi vị thế này.',
      },
    },
    markets: {
      saved: 'Đã lưu hợp đồng vĩnh cửu',
      errors: {
        unknown: 'Hợp đồng vĩnh cửu này không tồn tại',
        bracketsInvalid:
          'Mỗi bậc cần có mức trần cao hơn bậc trước, đòn bẩy tối đa không cao hơn và tỷ lệ ký quỹ duy trì không thấp hơn',
      },
    },
    settings: {
      saved: 'Đã lưu cài đặt hợp đồng tương lai',
      errors: {
        leverageTooHigh: 'Thị trường này cho phép đòn bẩy tối đa {{max}}x với quy mô vị thế của bạn',
        marginModeLocked:
          'Hãy đóng các vị thế và hủy các lệnh đang mở trong thị trường này trước khi thay đổi chế độ ký quỹ',
      },
    },
  },
  options: {
    bought: 'Mua thành công',
    saved: 'Đã lưu sản phẩm',
    errors: {
      productUnknown: 'Sản phẩm này không tồn tại',
      periodUnknown: 'Sản phẩm này không có kỳ với độ dài này',
      directionRequired: 'Chọn tăng hoặc giảm',
      orderUnknown: 'Lệnh này không tồn tại',
      productClosed: 'Sản phẩm này đã đóng với lệnh mới',
      stakeOutOfRange: 'Số tiền phải từ {{min}} đến {{max}} {{asset}}',
      roundClosed: 'Đã hết thời gian mua cho vòng này. Vui lòng mua ở vòng tiếp theo.',
      openOrdersCap: 'Bạn chỉ có thể có tối đa {{max}} lệnh đang mở trên sản phẩm này',
      dailyLossCap: 'Lệnh này sẽ khiến khoản lỗ hôm nay của bạn vượt quá giới hạn {{max}} {{asset}}',
      productExists: 'Thị trường này đã có sản phẩm',
      periodsInvalid:
        'Mỗi kỳ cần độ dài riêng, mức cược tối đa không thấp hơn tối thiểu và thời điểm ngừng mua sớm hơn độ dài kỳ',
    },
  },
  earn: {
    subscribed: 'Đăng ký thành công',
    redeemed: 'Đã quy đổi',
    saved: 'Đã lưu sản phẩm',
    errors: {
      productUnknown: 'Sản phẩm này không tồn tại',
      orderUnknown: 'Lệnh này không tồn tại',
      notOnSale: 'Sản phẩm này hiện không mở bán',
      belowMinimum: 'Số tiền đăng ký tối thiểu là {{min}} {{asset}}',
      aboveUserMax: 'Bạn chỉ có thể nắm giữ tối đa {{max}} {{asset}} trong sản phẩm này',
      quotaExhausted: 'Sản phẩm này chỉ còn {{left}} {{asset}}',
      redemptionNotAllowed: 'Sản phẩm này không thể quy đổi trước khi đáo hạn',
      redemptionChanged: 'Số tiền bạn sẽ nhận đã thay đổi. Vui lòng kiểm tra lại.',
      orderNotActive: 'Lệnh này không còn hoạt động',
      amountPrecision: 'Số tiền {{asset}} có tối đa {{places}} chữ số thập phân',
      productInvalid:
        'Kiểm tra sản phẩm: mức tối đa mỗi người không thấp hơn mức tối thiểu, hạn mức không thấp hơn mức tối đa, thời gian kết thúc bán sau thời gian bắt đầu',
    },
  },
  missions: {
    rewardClaimed: 'Đã nhận phần thưởng',
    saved: 'Đã lưu nhiệm vụ',
    errors: {
      missionUnknown: 'Nhiệm vụ này không tồn tại',
      notFinished: 'Hãy hoàn thành nhiệm vụ này trước khi nhận thưởng',
      alreadyClaimed: 'Bạn đã nhận phần thưởng này rồi',
      expired: 'Đã hết hạn nhận phần thưởng này',
      identityRequired: 'Hãy xác minh danh tính để nhận thưởng',
    },
  },
  referral: {
    saved: 'Đã lưu cài đặt giới thiệu',
  },
  membership: {
    saved: 'Đã lưu các cấp thành viên',
    errors: {
      levelsInvalid:
        'Cấp 0 không được yêu cầu gì; mỗi cấp phải yêu cầu khối lượng hoặc tài sản nắm giữ cao hơn cấp dưới, với mức giảm không thấp hơn và dưới 100%',
    },
  },
  support: {
    sent: 'Đã gửi tin nhắn',
    saved: 'Đã lưu',
    notice: {
      agentReplied: {
        title: 'Bộ phận chăm sóc khách hàng đã trả lời',
        body: 'Nhân viên {{agent}} đã trả lời tin nhắn của bạn. Mở trò chuyện hỗ trợ để đọc.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: 'Đường dẫn {{route}} trùng với đường dẫn của ứng dụng {{fixed}}',
      routeDuplicate: 'Đường dẫn {{route}} đã được mục khác sử dụng',
      tooDeep: 'Mục con không thể có mục con riêng',
      screenUnknown: '{{path}} không phải là màn hình của ứng dụng',
      linkInsecure: 'Liên kết phải là địa chỉ https://',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'Không khả dụng với tài khoản demo: tiền trong đó là tiền ảo và không bao giờ lẫn với tiền thật. Hãy chuyển sang tài khoản thật của bạn.',
      demoOnly: 'Chỉ tài khoản demo mới làm được việc này',
    },
  },
};

export default server;
