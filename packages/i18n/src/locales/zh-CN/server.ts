import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: '成功',
  },
  errors: {
    unauthorized: '请先登录您的账户',
    forbidden: '您无权执行此操作',
    notFound: '未找到',
    systemBusy: '系统繁忙，请稍后再试。',
    busy: '当前处理的请求过多，请几秒后再试。',
    serviceUnavailable: '服务暂时不可用，请稍后再试。',
    loginFailed: '账号或密码错误',
    accountExists: '该账号已注册',
    accountNotFound: '该账号未注册',
    codeInvalid: '验证码错误或已过期',
    codeTooSoon: '请等待 {{seconds}} 秒后再重新获取验证码',
    smsUnavailable: '目前无法向手机号码发送验证码，请使用您的电子邮箱。',
    emailUnavailable: '目前无法通过电子邮件发送验证码，请使用您的手机号码。',
    inviteCodeUnknown: '该邀请码不存在',
    tooManyAttempts: '尝试次数过多，请 {{minutes}} 分钟后再试。',
    idempotencyConflict: '该请求已以不同内容提交过。请先查看记录再重试。',
    idempotencyInProgress: '该请求仍在处理中，请稍候再试。',
  },
  mail: {
    codeSubject: '您的 Kestrel 验证码',
    codeBody: '您的验证码为 {{code}}，10 分钟内有效。如非本人操作，请忽略此消息。',
    codeSms: '【Kestrel】您的验证码为 {{code}}，10 分钟内有效。',
    accountExistsSubject: '您已拥有 Kestrel 账户',
    accountExistsBody:
      '有人（可能是您本人）申请用此地址注册 Kestrel 账户，但该地址已有账户。请直接登录，或在登录页点击“忘记密码？”重置密码。如非本人操作，请忽略此消息。',
    accountExistsSms: '【Kestrel】该手机号已有 Kestrel 账户。请直接登录，或通过“忘记密码？”重置密码。',
  },
  backOffice: {
    accountFrozen: '您的账户已被冻结，请联系客服。',
    signedIn: '登录成功',
    totpEnabled: '双重验证已开启',
    errors: {
      loginFailed: '邮箱或密码错误',
      totpRequired: '请输入身份验证器中的 6 位验证码',
      totpInvalid: '身份验证器验证码错误或已过期',
      totpEnrolmentRequired: '请先设置双重验证再继续',
      roleForbidden: '您的角色无权执行此操作',
      adminDisabled: '该后台账户已被停用',
      lastSuperAdmin: '不能降级或停用最后一位超级管理员',
      adminExists: '该邮箱已有后台账户',
      totpNotStarted: '请先开始设置身份验证器',
      totpAlreadyEnabled: '双重验证已开启，无需重复设置',
      reviewNotPending: '该项目已审核',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: '该轮播图已不存在',
        imageInvalid: '请选择为轮播图上传的图片',
        orderMismatch: '轮播图已被修改，请刷新后重试',
        limitReached: '最多 {{max}} 张轮播图',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: '首次审核由您完成，二次审核须由另一位审核员完成。',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: '不能重置自己的验证器，请联系其他超级管理员。',
      },
    },
  },
  profile: {
    nicknameReserved: '该昵称为保留名称或与保留名称相似，请换一个。',
    avatarInvalid: '请重新上传头像',
  },
  security: {
    wrongPassword: '密码错误',
  },
  uploads: {
    missing: '请选择图片',
    notImage: '该文件不是支持的图片格式，请上传 JPEG、PNG 或 WebP 图片。',
    tooManyPixels: '图片像素过多，最大 4000 万像素。',
    damaged: '图片已损坏，无法读取。',
    rateLimited: '上传次数过多，请 {{minutes}} 分钟后再试。',
  },
  inbox: {
    unknownDevice: '未知设备',
    withdrawalsNeedIdentity: '如需提现，请先完成身份认证。',
    withdrawalsOpen: '您可以提现到我们团队已审核通过的任一钱包或银行卡。',
    errors: {
      messageNotFound: '该消息不存在或已被删除',
    },
    events: {
      depositApproved: {
        title: '充值已到账',
        body: '您充值的 {{amount}} {{asset}} 已审核通过并入账。',
      },
      depositRejected: {
        title: '充值未通过',
        body: '您充值的 {{amount}} {{asset}} 未通过审核。\n原因：{{reason}}\n如有疑问，请联系客服。',
      },
      withdrawalCompleted: {
        title: '提现已完成',
        body: '您的提现已发出：{{amount}} {{asset}} 正在转入您的账户。',
      },
      withdrawalRejected: {
        title: '提现未通过',
        body: '您提现的 {{amount}} {{asset}} 未通过审核，款项已退回可用余额。\n原因：{{reason}}',
      },
      systemAdd: {
        title: '您的账户已增加资金',
        body: '平台已向您的账户增加 {{amount}} {{asset}}。',
      },
      systemDebit: {
        title: '您的账户已扣除资金',
        body: '平台已从您的账户扣除 {{amount}} {{asset}}。如有疑问，请联系客服。',
      },
      welcome: {
        title: '欢迎加入 Kestrel',
        body: '您的账户已开通：现在即可充值和交易。{{withdrawals}}请勿向任何人（包括 Kestrel 工作人员）透露您的密码或验证码。',
      },
      newLogin: {
        title: '账户新登录提醒',
        body: '您的账户于 {{time}} 登录。\n设备：{{device}}\nIP 地址：{{ip}}\n如非本人操作，请立即修改密码。',
      },
      bankCardApproved: {
        title: '银行卡已绑定',
        body: '您在 {{bank}} 的银行卡 {{card}} 已审核通过，现在可以提现到此卡。',
      },
      bankCardRejected: {
        title: '银行卡未通过审核',
        body: '您在 {{bank}} 的银行卡 {{card}} 未通过审核。\n原因：{{reason}}\n您可以删除后使用更正的信息重新绑定。',
      },
      walletApproved: {
        title: '钱包已绑定',
        body: '您的 {{chain}} 钱包 {{address}} 已审核通过，现在可以提现到此钱包。',
      },
      walletRejected: {
        title: '钱包未通过审核',
        body: '您的 {{chain}} 钱包 {{address}} 未通过审核。\n原因：{{reason}}\n您可以删除后使用新的截图重新绑定。',
      },
      identityApproved: {
        title: '身份认证已通过',
        body: '您的身份认证已审核通过，账户已完成认证。',
      },
      identityRejected: {
        title: '身份认证失败',
        body: '您的身份认证未通过审核。\n原因：{{reason}}\n您可以修改资料后重新提交。',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: '银行卡数量已达上限，请删除一张后再添加。',
      duplicate: '该银行卡已绑定到您的账户',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: '钱包数量已达上限，请删除一个后再添加。',
      duplicate: '该地址已在此链上绑定',
      screenshotInvalid: '未找到截图，请重新上传。',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: '该币种的银行转账暂未开放',
      networkUnavailable: '该网络暂不支持充值',
      credentialInvalid: '未找到转账凭证，请重新上传。',
      belowMinimum: '最低充值数量为 {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable: '该提现账户不可用，请选择已审核通过的钱包或银行卡。',
      networkUnavailable: '该币种暂不支持提现到此账户',
      outOfRange: '数量须在 {{min}} 至 {{max}} {{asset}} 之间',
      identityRequired: '提现前请先完成身份认证',
    },
  },
  identity: {
    errors: {
      alreadyVerified: '您的身份已认证，无法修改',
      underReview: '您的资料正在认证中，请耐心等待结果',
      imageInvalid: '未找到证件图片，请重新上传',
    },
  },
  realtime: {
    tooManyChannels: '您最多可同时订阅 {{max}} 个实时频道。',
  },
  markets: {
    errors: {
      priceStale: '价格暂时不可用，请稍后再试。',
      unavailable: '该市场的交易暂时不可用，请稍后再试。',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: '该永续合约暂无价格，请稍后再试。',
        aboveBracket: '此订单会使您的仓位超出 {{leverage}} 倍杠杆允许的范围。请降低杠杆或数量。',
        explainSubject: '请指定要解释的仓位（方向）或订单草稿（操作、类型和数量）。',
      },
    },
    positions: {
      errors: {
        none: '您在该市场的这一方向没有持有中的仓位。',
        triggerWrongSide: '多仓的止盈价须高于开仓价、止损价须低于开仓价；空仓则相反。',
        triggerBeyondLiquidation: '止损价不能超过强平价（{{price}}）。',
        notIsolated: '仅逐仓仓位可以追加或减少保证金。',
        marginTooLow: '该仓位最多可减少 {{max}} USDT 保证金。',
      },
    },
    markets: {
      saved: '永续合约已保存',
      errors: {
        unknown: '该永续合约不存在',
        bracketsInvalid: '每一档的上限须高于前一档，最大杠杆不得更高，维持保证金率不得更低',
      },
    },
    settings: {
      saved: '合约设置已保存',
      errors: {
        leverageTooHigh: '按您的仓位规模，此市场最多允许 {{max}} 倍杠杆',
        marginModeLocked: '请先平掉此市场的仓位并撤销挂单，再更改保证金模式',
      },
    },
  },
  options: {
    bought: '购买成功',
    saved: '产品已保存',
    errors: {
      productUnknown: '该产品不存在',
      periodUnknown: '该产品没有此时长的周期',
      directionRequired: '请选择看涨或看跌',
      orderUnknown: '该订单不存在',
      productClosed: '该产品已停止接受新订单',
      stakeOutOfRange: '金额须在 {{min}} 至 {{max}} {{asset}} 之间',
      roundClosed: '本轮购买已截止，请在下一轮购买。',
      openOrdersCap: '该产品最多可持有 {{max}} 笔未结算订单',
      dailyLossCap: '此订单将使您今日亏损超过 {{max}} {{asset}} 的上限',
      productExists: '该市场已有产品',
      periodsInvalid: '每个周期须有不同的时长、最高金额不低于最低金额，且购买截止时间短于周期',
    },
  },
  earn: {
    subscribed: '申购成功',
    redeemed: '赎回成功',
    saved: '产品已保存',
    errors: {
      productUnknown: '该产品不存在',
      orderUnknown: '该订单不存在',
      notOnSale: '该产品当前不在销售期',
      belowMinimum: '最低申购金额为 {{min}} {{asset}}',
      aboveUserMax: '您在该产品中最多可持有 {{max}} {{asset}}',
      quotaExhausted: '该产品仅剩 {{left}} {{asset}} 额度',
      redemptionNotAllowed: '该产品到期前不可赎回',
      redemptionChanged: '您可获得的金额已变化,请重新确认',
      orderNotActive: '该订单已不在进行中',
      amountPrecision: '{{asset}} 金额最多 {{places}} 位小数',
      productInvalid: '请检查产品:单人上限不低于最低金额,总额度不低于单人上限,销售结束时间晚于开始时间',
    },
  },
  missions: {
    rewardClaimed: '奖励已领取',
    saved: '任务已保存',
    errors: {
      missionUnknown: '该任务不存在',
      notFinished: '请先完成该任务再领取奖励',
      alreadyClaimed: '您已领取过该奖励',
      expired: '该奖励的领取时间已过',
      identityRequired: '请先完成身份认证再领取奖励',
    },
  },
  referral: {
    saved: '推荐设置已保存',
  },
  membership: {
    saved: '会员等级已保存',
    errors: {
      levelsInvalid:
        'VIP 0 不得设置任何门槛；每一级所需的交易量或持仓须高于下一级，折扣不得低于下一级，且须低于 100%',
    },
  },
  support: {
    sent: '消息已发送',
    saved: '已保存',
    notice: {
      agentReplied: {
        title: '客服已回复',
        body: '客服 {{agent}} 回复了您的消息，请打开客服聊天查看。',
      },
    },
  },
  menus: {
    errors: {
      routeClash: '路由 {{route}} 与应用的路由 {{fixed}} 冲突',
      routeDuplicate: '路由 {{route}} 已被其他条目使用',
      tooDeep: '子条目不能再有子条目',
      screenUnknown: '{{path}} 不是应用的页面',
      linkInsecure: '链接必须是 https:// 地址',
    },
  },
  demo: {
    errors: {
      notAllowed: '模拟账户不可用：其资金为虚拟资金，绝不与真实资金混合。请切换到您的真实账户进行此操作。',
      demoOnly: '只有模拟账户可以执行此操作',
    },
  },
};

export default server;
