import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: '内容を入力してください',
    emailIncorrect: 'メールアドレスが正しくありません',
    passwordLength: 'パスワードは8～64文字で入力してください',
    parameterError: 'パラメータエラー',
  },
  money: {
    errors: {
      amountInvalid: '金額エラー',
      assetUnknown: 'この通貨には対応していません',
    },
  },
  deposit: {
    types: {
      crypto: '暗号資産送金',
      bank: '銀行振込',
    },
    receipt: '振込明細',
    accounts: {
      spot: '現物口座',
      futures: '先物口座',
    },
  },
  assets: {
    accounts: {
      spot: '現物口座',
      futures: '先物口座',
    },
  },
  markets: {
    simulated: 'シミュレーション',
  },
  swap: {
    completeInformation: 'すべての情報を入力してください',
    status: {
      waiting: '入金待ち',
      confirming: '確認中',
      exchanging: '交換中',
      sending: '送金中',
      completed: '完了',
      expired: '期限切れ',
      cancelled: 'キャンセル済み',
      refunding: '返金中',
      refunded: '返金済み',
      review: '審査中',
    },
    payStatus: {
      inPayment: '支払い中',
      paymentSuccessful: '支払い成功',
      paymentCancelled: '支払い取消',
      canceled: 'キャンセル済み',
    },
    errors: {
      pairUnknown: 'このペアは交換できません',
      amountOutOfRange: '金額は {{min}} から {{max}} {{asset}} の間で入力してください',
      quoteUnknown: 'この見積もりは存在しません。新しい見積もりを取得してください。',
      quoteExpired: 'この見積もりは期限切れです。新しい見積もりを取得してください。',
      orderUnknown: 'この注文は存在しません',
      notCancellable: 'この注文はもうキャンセルできません',
      memoNotSupported: 'このネットワークはメモを使用しません',
      memoInvalid: 'メモは英数字、スペース、ハイフン、アンダースコアで最大 64 文字です',
      refundAddressRequired: '固定レートには返金先アドレスが必要です',
      stateConflict: '注文の現在のステータスではこの操作はできません',
      approvalSameOperator: 'この支払いは別のオペレーターの承認が必要です',
      approvalRequired: 'この支払いは先に別のオペレーターの承認が必要です',
      pairInvalid: '最小額はネットワーク手数料 5 回分以上とし、最大額を超えないようにしてください',
      extendedKeyInvalid: 'このネットワークの有効な拡張公開鍵ではありません',
      extendedKeyPrivate:
        'これは秘密鍵です。ここに秘密鍵を入力しないでください。拡張公開鍵を入力してください。',
      coinNotReady: 'このネットワークの入金はまだ設定されていません',
      txHashInvalid: 'ブロックエクスプローラーに表示されるとおりにトランザクションハッシュを入力してください',
    },
  },
  support: {
    validation: {
      textTooLong: 'メッセージは 2,000 文字以内で入力してください',
      shortcutInvalid: 'ショートカットは小文字・数字・ハイフンで 32 文字以内です',
      englishRequired: '英語（en-US）のテキストは必須です',
    },
    errors: {
      visitorUnknown: 'このチャットは終了しました。新しいチャットを開始してください。',
      imageUnknown: 'この画像は存在しません',
      conversationUnknown: 'この会話は存在しません',
      cannedReplyUnknown: 'この定型返信は存在しません',
    },
  },
  content: {
    validation: {
      slugInvalid: 'スラッグは小文字・数字・ハイフンで 80 文字以内です',
      titleTooLong: 'タイトルが長すぎます',
      bodyTooLong: '本文が長すぎます',
      englishRequired: '英語（en-US）版は必須です',
    },
    errors: {
      articleUnknown: 'この記事は存在しません',
      categoryUnknown: 'このカテゴリーは存在しません',
      slugTaken: 'このスラッグは既に使われています',
      articleFixed: 'これはプラットフォームの固定ページです。スラッグと種類は変更できず、削除もできません',
      categoryMismatch: 'ヘルプ記事にはカテゴリが必要です。ニュースとページにはカテゴリはありません',
      englishKept: '英語（en-US）版は他の言語の代替表示なので削除できません',
      translationUnknown: 'この翻訳は存在しません',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'この項目の設定がテンプレートに合っていません',
      templateUnknown: '不明なテンプレートです',
      titleTooLong: 'メニューのタイトルは 60 文字以内です',
      englishRequired: '英語（en-US）のタイトルは必須です',
      routeInvalid: 'ルートは小文字で / から始まり、3 階層までです',
      tooMany: 'メニューの項目は 100 件までです',
    },
  },
};

export default shared;
