import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: '內容不可空白',
    emailIncorrect: '電子郵件格式不正確',
    passwordLength: '密碼長度須為 8 至 64 個字元',
    parameterError: '參數錯誤',
  },
  money: {
    errors: {
      amountInvalid: '金額錯誤',
      assetUnknown: '不支援該幣種',
    },
  },
  deposit: {
    types: {
      crypto: '加密貨幣轉帳',
      bank: '銀行轉帳',
    },
    receipt: '轉帳收據',
    accounts: {
      spot: '現貨帳戶',
      futures: '合約帳戶',
    },
  },
  assets: {
    accounts: {
      spot: '現貨帳戶',
      futures: '合約帳戶',
    },
  },
  markets: {
    simulated: '模擬',
  },
  swap: {
    completeInformation: '請填寫完整資訊',
    status: {
      waiting: '等待存入',
      confirming: '確認中',
      exchanging: '兌換中',
      sending: '發送中',
      completed: '已完成',
      expired: '已過期',
      cancelled: '已取消',
      refunding: '退款中',
      refunded: '已退款',
      review: '審核中',
    },
    payStatus: {
      inPayment: '支付中',
      paymentSuccessful: '支付成功',
      paymentCancelled: '支付取消',
      canceled: '已取消',
    },
    errors: {
      pairUnknown: '該幣對不支援兌換',
      amountOutOfRange: '金額須介於 {{min}} 至 {{max}} {{asset}} 之間',
      quoteUnknown: '該報價不存在，請重新取得報價。',
      quoteExpired: '該報價已過期，請重新取得報價。',
      orderUnknown: '該訂單不存在',
      notCancellable: '該訂單已無法取消',
      memoNotSupported: '該網路不使用備註',
      memoInvalid: '備註最多 64 個字元，僅限字母、數字、空格、連字號和底線',
      refundAddressRequired: '固定匯率需要填寫退款地址',
      stateConflict: '訂單目前狀態下無法執行此操作',
      approvalSameOperator: '此筆付款須由另一位操作員核准',
      approvalRequired: '此筆付款須先經另一位操作員核准',
      pairInvalid: '最小金額須至少相當於五筆網路手續費，且不得高於最大金額',
      extendedKeyInvalid: '這不是該網路有效的擴展公鑰',
      extendedKeyPrivate: '這是私鑰。切勿在此輸入私鑰：請輸入擴展公鑰。',
      coinNotReady: '該網路的存入尚未設定',
      txHashInvalid: '請依區塊瀏覽器顯示的內容輸入交易雜湊',
    },
  },
  support: {
    validation: {
      textTooLong: '訊息最多 2,000 個字元',
      shortcutInvalid: '快捷詞最多 32 個小寫字母、數字和連字號',
      englishRequired: '必須填寫英文（en-US）文字',
    },
    errors: {
      visitorUnknown: '此對話已結束，請重新開始。',
      imageUnknown: '此圖片不存在',
      conversationUnknown: '此對話不存在',
      cannedReplyUnknown: '此快捷回覆不存在',
    },
  },
  content: {
    validation: {
      slugInvalid: '識別碼最多 80 個小寫字母、數字和連字號',
      titleTooLong: '標題過長',
      bodyTooLong: '內文過長',
      englishRequired: '必須有英文（en-US）版本',
    },
    errors: {
      articleUnknown: '此文章不存在',
      categoryUnknown: '此分類不存在',
      slugTaken: '該標識已被使用',
      articleFixed: '這是平台固定頁面：標識和類型不可更改，也不能刪除',
      categoryMismatch: '幫助文章必須屬於一個分類；新聞和頁面沒有分類',
      englishKept: '英文（en-US）版本是其他語言的後備內容，不能刪除',
      translationUnknown: '該譯文不存在',
    },
  },
  menus: {
    errors: {
      dataInvalid: '此選單項目的設定與其範本不符',
      templateUnknown: '未知的範本',
      titleTooLong: '選單標題最多 60 個字元',
      englishRequired: '必須填寫英文（en-US）標題',
      routeInvalid: '路由須為小寫，以 / 開頭，最多三段',
      tooMany: '選單最多 100 個項目',
    },
  },
};

export default shared;
