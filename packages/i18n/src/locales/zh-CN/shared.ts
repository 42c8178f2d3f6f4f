import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: '内容不能为空',
    emailIncorrect: '邮箱格式不正确',
    passwordLength: '密码长度须为 8 至 64 个字符',
    parameterError: '参数错误',
  },
  money: {
    errors: {
      amountInvalid: '金额错误',
      assetUnknown: '不支持该币种',
    },
  },
  deposit: {
    types: {
      crypto: '加密货币转账',
      bank: '银行转账',
    },
    receipt: '转账回单',
    accounts: {
      spot: '现货账户',
      futures: '合约账户',
    },
  },
  assets: {
    accounts: {
      spot: '现货账户',
      futures: '合约账户',
    },
  },
  markets: {
    simulated: '模拟',
  },
  swap: {
    completeInformation: '请填写完整信息',
    status: {
      waiting: '等待存入',
      confirming: '确认中',
      exchanging: '兑换中',
      sending: '发送中',
      completed: '已完成',
      expired: '已过期',
      cancelled: '已取消',
      refunding: '退款中',
      refunded: '已退款',
      review: '审核中',
    },
    payStatus: {
      inPayment: '支付中',
      paymentSuccessful: '支付成功',
      paymentCancelled: '支付取消',
      canceled: '已取消',
    },
    errors: {
      pairUnknown: '该币对不支持兑换',
      amountOutOfRange: '金额须在 {{min}} 至 {{max}} {{asset}} 之间',
      quoteUnknown: '该报价不存在，请重新获取报价。',
      quoteExpired: '该报价已过期，请重新获取报价。',
      orderUnknown: '该订单不存在',
      notCancellable: '该订单已无法取消',
      memoNotSupported: '该网络不使用备注',
      memoInvalid: '备注最多 64 个字符，仅限字母、数字、空格、连字符和下划线',
      refundAddressRequired: '固定汇率需要填写退款地址',
      stateConflict: '订单当前状态下无法执行此操作',
      approvalSameOperator: '此笔付款须由另一位操作员批准',
      approvalRequired: '此笔付款须先经另一位操作员批准',
      pairInvalid: '最小金额须至少相当于五笔网络手续费，且不得高于最大金额',
      extendedKeyInvalid: '这不是该网络有效的扩展公钥',
      extendedKeyPrivate: '这是私钥。切勿在此输入私钥：请输入扩展公钥。',
      coinNotReady: '该网络的存入尚未配置',
      txHashInvalid: '请按区块浏览器显示的内容输入交易哈希',
    },
  },
  support: {
    validation: {
      textTooLong: '消息最多 2,000 个字符',
      shortcutInvalid: '快捷词最多 32 个小写字母、数字和连字符',
      englishRequired: '必须填写英文（en-US）文本',
    },
    errors: {
      visitorUnknown: '此会话已结束，请重新开始。',
      imageUnknown: '该图片不存在',
      conversationUnknown: '该会话不存在',
      cannedReplyUnknown: '该快捷回复不存在',
    },
  },
  content: {
    validation: {
      slugInvalid: '标识最多 80 个小写字母、数字和连字符',
      titleTooLong: '标题过长',
      bodyTooLong: '正文过长',
      englishRequired: '必须有英文（en-US）版本',
    },
    errors: {
      articleUnknown: '该文章不存在',
      categoryUnknown: '该分类不存在',
      slugTaken: '该标识已被使用',
      articleFixed: '这是平台固定页面：标识和类型不可更改，也不能删除',
      categoryMismatch: '帮助文章必须属于一个分类；新闻和页面没有分类',
      englishKept: '英文（en-US）版本是其他语言的后备内容，不能删除',
      translationUnknown: '该译文不存在',
    },
  },
  menus: {
    errors: {
      dataInvalid: '此菜单项的设置与其模板不符',
      templateUnknown: '未知的模板',
      titleTooLong: '菜单标题最多 60 个字符',
      englishRequired: '必须填写英文（en-US）标题',
      routeInvalid: '路由须为小写，以 / 开头，最多三段',
      tooMany: '菜单最多 100 个条目',
    },
  },
};

export default shared;
