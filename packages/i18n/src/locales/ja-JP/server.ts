import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: '成功しました',
  },
  errors: {
    unauthorized: '先にアカウントにログインしてください',
    forbidden: 'この操作を行う権限がありません',
    notFound: '見つかりません',
    systemBusy: 'システムが混み合っています。しばらくしてから再度お試しください。',
    busy: '現在リクエストが集中しています。数秒後に再度お試しください。',
    serviceUnavailable: 'サービスは一時的に利用できません。しばらくしてから再度お試しください。',
    loginFailed: 'アカウントまたはパスワードが正しくありません',
    accountExists: 'このアカウントはすでに登録されています',
    accountNotFound: 'このアカウントは登録されていません',
    codeInvalid: '認証コードが間違っているか、有効期限が切れています',
    codeTooSoon: '次のコードをリクエストするまで{{seconds}}秒お待ちください',
    smsUnavailable: '現在、携帯電話番号にはコードを送信できません。メールアドレスをご利用ください。',
    emailUnavailable: '現在、メールでコードを送信できません。携帯電話番号をご利用ください。',
    inviteCodeUnknown: 'この招待コードは存在しません',
    tooManyAttempts: '試行回数が上限に達しました。{{minutes}}分後に再度お試しください。',
    idempotencyConflict: 'このリクエストは別の内容で送信済みです。記録を確認してから再度お試しください。',
    idempotencyInProgress: 'このリクエストはまだ処理中です。しばらくしてから再度お試しください。',
  },
  mail: {
    codeSubject: 'Kestrel 認証コードのお知らせ',
    codeBody:
      'お客様の認証コードは {{code}} です。有効期限は10分間です。お心当たりがない場合は、このメッセージを無視してください。',
    codeSms: '【Kestrel】認証コードは {{code}} です。有効期限は10分間です。',
    accountExistsSubject: 'Kestrel アカウントはすでにお持ちです',
    accountExistsBody:
      'このアドレスで Kestrel アカウントの作成が申請されましたが、このアドレスにはすでにアカウントがあります。ログインするか、ログイン画面の「パスワードをお忘れですか？」からパスワードを再設定してください。お心当たりがない場合は、このメッセージを無視してください。',
    accountExistsSms:
      '【Kestrel】この番号にはすでに Kestrel アカウントがあります。ログインするか、「パスワードをお忘れですか？」からパスワードを再設定してください。',
  },
  backOffice: {
    accountFrozen: 'お客様のアカウントは凍結されています。カスタマーサービスにお問い合わせください。',
    signedIn: 'ログインしました',
    totpEnabled: '二段階認証が有効になりました',
    errors: {
      loginFailed: 'メールアドレスまたはパスワードが正しくありません',
      totpRequired: '認証アプリに表示された6桁のコードを入力してください',
      totpInvalid: '認証コードが正しくないか、有効期限が切れています',
      totpEnrolmentRequired: '続行する前に二段階認証を設定してください',
      roleForbidden: '現在のロールではこの操作は許可されていません',
      adminDisabled: 'この管理アカウントは無効化されています',
      lastSuperAdmin: '最後のスーパー管理者は降格・無効化できません',
      adminExists: 'このメールアドレスの管理アカウントは既に存在します',
      totpNotStarted: '先に認証アプリの設定を開始してください',
      totpAlreadyEnabled: '二段階認証は既に有効です',
      reviewNotPending: 'この項目は審査済みです',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'このバナーは存在しません',
        imageInvalid: 'バナー用にアップロードした画像を選んでください',
        orderMismatch: 'バナーが変更されました。再読み込みしてやり直してください',
        limitReached: 'バナーは最大 {{max}} 件です',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: '1 人目の承認はあなたが行いました。2 人目は別の審査者が承認する必要があります。',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: '自分の認証アプリはリセットできません。他のスーパー管理者に依頼してください。',
      },
    },
  },
  profile: {
    nicknameReserved: 'このニックネームは予約済みか、予約済みの名前に似ています。別のものを選んでください。',
    avatarInvalid: 'アイコンをもう一度アップロードしてください',
  },
  security: {
    wrongPassword: 'パスワードが間違っています',
  },
  uploads: {
    missing: '画像を選択してください',
    notImage: '対応していないファイルです。JPEG、PNG、WebP の画像をアップロードしてください。',
    tooManyPixels: '画像の画素数が多すぎます。上限は 4000 万画素です。',
    damaged: '画像が破損しているため読み込めません。',
    rateLimited: 'アップロード回数が多すぎます。{{minutes}} 分後にもう一度お試しください。',
  },
  inbox: {
    unknownDevice: '不明なデバイス',
    withdrawalsNeedIdentity: '出金するには、先に本人確認を完了してください。',
    withdrawalsOpen: '当社チームが承認したウォレットまたは銀行カードへ出金できます。',
    errors: {
      messageNotFound: 'このメッセージは存在しないか、削除されました',
    },
    events: {
      depositApproved: {
        title: '入金が反映されました',
        body: '{{amount}} {{asset}}の入金が承認され、口座に反映されました。',
      },
      depositRejected: {
        title: '入金が承認されませんでした',
        body: '{{amount}} {{asset}}の入金は承認されませんでした。\n理由：{{reason}}\n誤りと思われる場合は、カスタマーサービスにお問い合わせください。',
      },
      withdrawalCompleted: {
        title: '出金完了',
        body: '出金が送信されました：{{amount}} {{asset}} がお客様の口座へ送られています。',
      },
      withdrawalRejected: {
        title: '出金は承認されませんでした',
        body: '{{amount}} {{asset}} の出金は承認されず、金額は利用可能残高に戻りました。\n理由：{{reason}}',
      },
      systemAdd: {
        title: '口座に資金が追加されました',
        body: 'プラットフォームにより {{amount}} {{asset}} があなたの口座に追加されました。',
      },
      systemDebit: {
        title: '口座から資金が差し引かれました',
        body: 'プラットフォームにより {{amount}} {{asset}} があなたの口座から差し引かれました。ご不明な点はカスタマーサービスまでお問い合わせください。',
      },
      welcome: {
        title: 'Kestrelへようこそ',
        body: 'アカウントの準備が整いました。入金と取引はすぐにご利用いただけます。{{withdrawals}}パスワードや認証コードは、Kestrelのスタッフを含め誰にも教えないでください。',
      },
      newLogin: {
        title: 'アカウントへの新しいログイン',
        body: '{{time}} にアカウントへのログインがありました。\nデバイス：{{device}}\nIPアドレス：{{ip}}\nお心当たりがない場合は、直ちにパスワードを変更してください。',
      },
      bankCardApproved: {
        title: '銀行カードが登録されました',
        body: '{{bank}}の銀行カード{{card}}が承認されました。このカードへ出金できるようになりました。',
      },
      bankCardRejected: {
        title: '銀行カードが承認されませんでした',
        body: '{{bank}}の銀行カード{{card}}は承認されませんでした。\n理由：{{reason}}\n削除してから、正しい情報でカードを再登録できます。',
      },
      walletApproved: {
        title: 'ウォレットが登録されました',
        body: '{{chain}}ウォレット{{address}}が承認されました。このウォレットへ出金できるようになりました。',
      },
      walletRejected: {
        title: 'ウォレットが承認されませんでした',
        body: '{{chain}}ウォレット{{address}}は承認されませんでした。\n理由：{{reason}}\n削除してから、新しいスクリーンショットで再登録できます。',
      },
      identityApproved: {
        title: '本人確認が完了しました',
        body: '本人確認の審査が承認されました。アカウントは認証済みです。',
      },
      identityRejected: {
        title: '本人確認に失敗しました',
        body: '本人確認の審査は承認されませんでした。\n理由：{{reason}}\n内容を修正して再度提出できます。',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: '銀行カードの登録上限に達しました。追加するには1枚削除してください。',
      duplicate: 'このカードはすでにアカウントに登録されています',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: 'ウォレットの登録上限に達しました。追加するには1件削除してください。',
      duplicate: 'このアドレスはこのネットワークですでに登録されています',
      screenshotInvalid: 'スクリーンショットが見つかりません。もう一度アップロードしてください。',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'この通貨の銀行振込はまだご利用いただけません',
      networkUnavailable: 'このネットワークでの入金はまだご利用いただけません',
      credentialInvalid: '送金証明が見つかりません。もう一度アップロードしてください。',
      belowMinimum: '最低入金額は{{minimum}} {{asset}}です',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable:
        'この出金先は利用できません。承認済みのウォレットまたは銀行カードを選択してください。',
      networkUnavailable: 'この通貨はこの出金先に出金できません',
      outOfRange: '金額は {{min}} から {{max}} {{asset}} の範囲で入力してください',
      identityRequired: '出金の前に本人確認を完了してください',
    },
  },
  identity: {
    errors: {
      alreadyVerified: '本人確認は完了しているため変更できません',
      underReview: '書類は審査中です。結果をお待ちください。',
      imageInvalid: '書類の画像が見つかりません。もう一度アップロードしてください。',
    },
  },
  realtime: {
    tooManyChannels: '同時にフォローできるライブチャンネルは最大 {{max}} 件です。',
  },
  markets: {
    errors: {
      priceStale: '現在価格を取得できません。しばらくしてから再度お試しください。',
      unavailable: 'この市場での取引は一時的にご利用いただけません。しばらくしてから再度お試しください。',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: 'この無期限先物にはまだ価格がありません。しばらくしてから再度お試しください。',
        aboveBracket:
          'この注文ではポジションが {{leverage}}倍のレバレッジで許される範囲を超えます。レバレッジまたは数量を下げてください。',
        explainSubject:
          '説明するポジション（サイド）または注文の下書き（アクション、種類、数量）を指定してください。',
      },
    },
    positions: {
      errors: {
        none: 'この市場のこのサイドに保有中のポジションはありません。',
        triggerWrongSide:
          'ロングでは利確は建値より上、損切りは建値より下に設定してください。ショートではその逆です。',
        triggerBeyondLiquidation: '損切りは清算価格（{{price}}）を越えて設定できません。',
        notIsolated: '証拠金の追加・削減は分離マージンのポジションでのみ行えます。',
        marginTooLow: 'このポジションから削減できる証拠金は最大 {{max}} USDT です。',
      },
    },
    markets: {
      saved: '無期限先物を保存しました',
      errors: {
        unknown: 'この無期限先物は存在しません',
        bracketsInvalid:
          '各ティアの上限は前のティアより高く、最大レバレッジは前より高くなく、維持証拠金率は前より低くない必要があります',
      },
    },
    settings: {
      saved: '先物の設定を保存しました',
      errors: {
        leverageTooHigh: 'この市場では、お客様のポジションサイズに対するレバレッジは最大{{max}}倍です',
        marginModeLocked:
          '証拠金モードを変更する前に、この市場のポジションを決済し、未約定の注文をキャンセルしてください',
      },
    },
  },
  options: {
    bought: '購入しました',
    saved: '商品を保存しました',
    errors: {
      productUnknown: 'この商品は存在しません',
      periodUnknown: 'この商品にはこの長さの期間がありません',
      directionRequired: '上昇または下落を選んでください',
      orderUnknown: 'この注文は存在しません',
      productClosed: 'この商品は新規注文を受け付けていません',
      stakeOutOfRange: '金額は {{min}} から {{max}} {{asset}} の間で指定してください',
      roundClosed: 'このラウンドの購入は締め切られました。次のラウンドでご購入ください。',
      openOrdersCap: 'この商品で保有できる未決済の注文は最大 {{max}} 件です',
      dailyLossCap: 'この注文により本日の損失が上限の {{max}} {{asset}} を超えます',
      productExists: 'この市場にはすでに商品があります',
      periodsInvalid: '各期間には固有の長さ、最小額以上の最大額、期間より短い購入締切が必要です',
    },
  },
  earn: {
    subscribed: '申し込みました',
    redeemed: '償還しました',
    saved: '商品を保存しました',
    errors: {
      productUnknown: 'この商品は存在しません',
      orderUnknown: 'この注文は存在しません',
      notOnSale: 'この商品は現在販売されていません',
      belowMinimum: '最低申込額は {{min}} {{asset}} です',
      aboveUserMax: 'この商品で保有できるのは最大 {{max}} {{asset}} です',
      quotaExhausted: 'この商品の残り枠は {{left}} {{asset}} です',
      redemptionNotAllowed: 'この商品は満期前に償還できません',
      redemptionChanged: '受け取る金額が変わりました。もう一度ご確認ください。',
      orderNotActive: 'この注文はすでに有効ではありません',
      amountPrecision: '{{asset}} の金額は小数点以下 {{places}} 桁までです',
      productInvalid:
        '商品を確認してください:1人あたりの上限は最低額以上、総枠は上限以上、販売終了は開始より後',
    },
  },
  missions: {
    rewardClaimed: '報酬を受け取りました',
    saved: 'タスクを保存しました',
    errors: {
      missionUnknown: 'このタスクは存在しません',
      notFinished: '報酬を受け取る前にこのタスクを完了してください',
      alreadyClaimed: 'この報酬はすでに受け取っています',
      expired: 'この報酬の受け取り期限が過ぎました',
      identityRequired: '報酬を受け取るには本人確認を完了してください',
    },
  },
  referral: {
    saved: '紹介設定を保存しました',
  },
  membership: {
    saved: '会員レベルを保存しました',
    errors: {
      levelsInvalid:
        'レベル 0 には条件を設定できません。各レベルは下のレベルより多い取引量または保有額を必要とし、割引は下のレベル以上かつ 100% 未満にしてください',
    },
  },
  support: {
    sent: 'メッセージを送信しました',
    saved: '保存しました',
    notice: {
      agentReplied: {
        title: 'カスタマーサービスから返信がありました',
        body: '担当者 {{agent}} がメッセージに返信しました。サポートチャットを開いてご確認ください。',
      },
    },
  },
  menus: {
    errors: {
      routeClash: 'ルート {{route}} はアプリのルート {{fixed}} と重なっています',
      routeDuplicate: 'ルート {{route}} は別の項目で使用されています',
      tooDeep: '子項目はさらに子項目を持てません',
      screenUnknown: '{{path}} はアプリの画面ではありません',
      linkInsecure: 'リンクは https:// のアドレスにしてください',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'デモ口座では利用できません。デモ口座の資金は仮想のもので、実際のお金と交わることはありません。実際の口座に切り替えてください。',
      demoOnly: 'この操作はデモ口座でのみ行えます',
    },
  },
};

export default server;
