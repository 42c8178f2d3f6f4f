import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: '成功',
  },
  errors: {
    unauthorized: '請先登入您的帳戶',
    forbidden: '您沒有執行此操作的權限',
    notFound: '找不到內容',
    systemBusy: '系統忙碌中，請稍後再試。',
    busy: '目前處理的請求過多，請幾秒後再試。',
    serviceUnavailable: '服務暫時無法使用，請稍後再試。',
    loginFailed: '帳號或密碼錯誤',
    accountExists: '此帳號已註冊',
    accountNotFound: '此帳號尚未註冊',
    codeInvalid: '驗證碼錯誤或已過期',
    codeTooSoon: '請等待 {{seconds}} 秒後再重新取得驗證碼',
    smsUnavailable: '目前無法向手機號碼發送驗證碼，請使用您的電子郵件。',
    emailUnavailable: '目前無法透過電子郵件發送驗證碼，請使用您的手機號碼。',
    inviteCodeUnknown: '此邀請碼不存在',
    tooManyAttempts: '嘗試次數過多，請於 {{minutes}} 分鐘後再試。',
    idempotencyConflict: '該請求已以不同內容提交過。請先查看記錄再重試。',
    idempotencyInProgress: '該請求仍在處理中，請稍候再試。',
  },
  mail: {
    codeSubject: '您的 Kestrel 驗證碼',
    codeBody: '您的驗證碼為 {{code}}，10 分鐘內有效。若非本人操作，請忽略此訊息。',
    codeSms: '【Kestrel】您的驗證碼為 {{code}}，10 分鐘內有效。',
    accountExistsSubject: '您已擁有 Kestrel 帳戶',
    accountExistsBody:
      '有人（可能是您本人）申請用此地址註冊 Kestrel 帳戶，但該地址已有帳戶。請直接登入，或在登入頁點擊「忘記密碼？」重設密碼。若非本人操作，請忽略此訊息。',
    accountExistsSms: '【Kestrel】該手機號碼已有 Kestrel 帳戶。請直接登入，或透過「忘記密碼？」重設密碼。',
  },
  backOffice: {
    accountFrozen: '您的帳戶已被凍結，請聯繫客服。',
    signedIn: '登入成功',
    totpEnabled: '雙重驗證已開啟',
    errors: {
      loginFailed: '電子郵件或密碼錯誤',
      totpRequired: '請輸入驗證器中的 6 位數驗證碼',
      totpInvalid: '驗證器驗證碼錯誤或已過期',
      totpEnrolmentRequired: '請先設定雙重驗證再繼續',
      roleForbidden: '您的角色無權執行此操作',
      adminDisabled: '此後台帳戶已被停用',
      lastSuperAdmin: '無法降級或停用最後一位超級管理員',
      adminExists: '此電子郵件已有後台帳戶',
      totpNotStarted: '請先開始設定驗證器',
      totpAlreadyEnabled: '雙重驗證已開啟，無需重複設定',
      reviewNotPending: '該項目已審核',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: '該輪播圖已不存在',
        imageInvalid: '請選擇為輪播圖上傳的圖片',
        orderMismatch: '輪播圖已被修改，請重新整理後再試',
        limitReached: '最多 {{max}} 張輪播圖',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: '首次審核由您完成，二次審核須由另一位審核員完成。',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: '不能重設自己的驗證器，請聯絡其他超級管理員。',
      },
    },
  },
  profile: {
    nicknameReserved: '該暱稱為保留名稱或與保留名稱相似，請換一個。',
    avatarInvalid: '請重新上傳頭像',
  },
  security: {
    wrongPassword: '密碼錯誤',
  },
  uploads: {
    missing: '請選擇圖片',
    notImage: '此檔案不是支援的圖片格式，請上傳 JPEG、PNG 或 WebP 圖片。',
    tooManyPixels: '圖片像素過多，上限為 4000 萬像素。',
    damaged: '圖片已損壞，無法讀取。',
    rateLimited: '上傳次數過多，請於 {{minutes}} 分鐘後再試。',
  },
  inbox: {
    unknownDevice: '未知裝置',
    withdrawalsNeedIdentity: '如需提領，請先完成身分驗證。',
    withdrawalsOpen: '您可以提領到我們團隊已審核通過的任一錢包或銀行卡。',
    errors: {
      messageNotFound: '此訊息不存在或已被刪除',
    },
    events: {
      depositApproved: {
        title: '充值已到帳',
        body: '您充值的 {{amount}} {{asset}} 已審核通過並入帳。',
      },
      depositRejected: {
        title: '充值未通過',
        body: '您充值的 {{amount}} {{asset}} 未通過審核。\n原因：{{reason}}\n如有疑問，請聯繫客服。',
      },
      withdrawalCompleted: {
        title: '提現已完成',
        body: '您的提現已發出：{{amount}} {{asset}} 正在轉入您的帳戶。',
      },
      withdrawalRejected: {
        title: '提現未通過',
        body: '您提現的 {{amount}} {{asset}} 未通過審核，款項已退回可用餘額。\n原因：{{reason}}',
      },
      systemAdd: {
        title: '您的帳戶已增加資金',
        body: '平台已向您的帳戶增加 {{amount}} {{asset}}。',
      },
      systemDebit: {
        title: '您的帳戶已扣除資金',
        body: '平台已從您的帳戶扣除 {{amount}} {{asset}}。如有疑問，請聯繫客服。',
      },
      welcome: {
        title: '歡迎加入 Kestrel',
        body: '您的帳戶已開通：現在即可儲值和交易。{{withdrawals}}請勿向任何人（包括 Kestrel 工作人員）透露您的密碼或驗證碼。',
      },
      newLogin: {
        title: '帳戶新登入提醒',
        body: '您的帳戶於 {{time}} 登入。\n裝置：{{device}}\nIP 位址：{{ip}}\n如非本人操作，請立即變更密碼。',
      },
      bankCardApproved: {
        title: '銀行卡已綁定',
        body: '您在 {{bank}} 的銀行卡 {{card}} 已審核通過，現在可以提領到此卡。',
      },
      bankCardRejected: {
        title: '銀行卡未通過審核',
        body: '您在 {{bank}} 的銀行卡 {{card}} 未通過審核。\n原因：{{reason}}\n您可以刪除後使用更正的資訊重新綁定。',
      },
      walletApproved: {
        title: '錢包已綁定',
        body: '您的 {{chain}} 錢包 {{address}} 已審核通過，現在可以提領到此錢包。',
      },
      walletRejected: {
        title: '錢包未通過審核',
        body: '您的 {{chain}} 錢包 {{address}} 未通過審核。\n原因：{{reason}}\n您可以刪除後使用新的截圖重新綁定。',
      },
      identityApproved: {
        title: '身分認證已通過',
        body: '您的身分認證已審核通過，帳戶已完成認證。',
      },
      identityRejected: {
        title: '身分認證失敗',
        body: '您的身分認證未通過審核。\n原因：{{reason}}\n您可以修改資料後重新提交。',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: '銀行卡數量已達上限，請刪除一張後再新增。',
      duplicate: '此銀行卡已綁定到您的帳戶',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: '錢包數量已達上限，請刪除一個後再新增。',
      duplicate: '此地址已在此鏈上綁定',
      screenshotInvalid: '找不到截圖，請重新上傳。',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: '此幣種的銀行轉帳尚未開放',
      networkUnavailable: '此網路暫不支援充值',
      credentialInvalid: '找不到轉帳憑證，請重新上傳。',
      belowMinimum: '最低充值數量為 {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable: '該提現帳戶不可用，請選擇已審核通過的錢包或銀行卡。',
      networkUnavailable: '該幣種暫不支援提現到此帳戶',
      outOfRange: '數量須在 {{min}} 至 {{max}} {{asset}} 之間',
      identityRequired: '提領前請先完成身分驗證',
    },
  },
  identity: {
    errors: {
      alreadyVerified: '您的身分已認證，無法修改',
      underReview: '您的資料正在認證中，請耐心等待結果',
      imageInvalid: '找不到證件圖片，請重新上傳',
    },
  },
  realtime: {
    tooManyChannels: '您最多可同時訂閱 {{max}} 個即時頻道。',
  },
  markets: {
    errors: {
      priceStale: '價格暫時無法取得，請稍後再試。',
      unavailable: '該市場的交易暫時無法使用，請稍後再試。',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: '該永續合約暫無價格，請稍後再試。',
        aboveBracket: '此訂單會使您的倉位超出 {{leverage}} 倍槓桿允許的範圍。請降低槓桿或數量。',
        explainSubject: '請指定要解釋的倉位（方向）或訂單草稿（操作、類型和數量）。',
      },
    },
    positions: {
      errors: {
        none: '您在該市場的這一方向沒有持有中的倉位。',
        triggerWrongSide: '多倉的止盈價須高於開倉價、止損價須低於開倉價；空倉則相反。',
        triggerBeyondLiquidation: '止損價不能超過強平價（{{price}}）。',
        notIsolated: '僅逐倉倉位可以追加或減少保證金。',
        marginTooLow: '該倉位最多可減少 {{max}} USDT 保證金。',
      },
    },
    markets: {
      saved: '永續合約已儲存',
      errors: {
        unknown: '該永續合約不存在',
        bracketsInvalid: '每一檔的上限須高於前一檔，最大槓桿不得更高，維持保證金率不得更低',
      },
    },
    settings: {
      saved: '合約設定已儲存',
      errors: {
        leverageTooHigh: '按您的倉位規模，此市場最多允許 {{max}} 倍槓桿',
        marginModeLocked: '請先平掉此市場的倉位並撤銷掛單，再更改保證金模式',
      },
    },
  },
  options: {
    bought: '購買成功',
    saved: '產品已儲存',
    errors: {
      productUnknown: '該產品不存在',
      periodUnknown: '該產品沒有此時長的週期',
      directionRequired: '請選擇看漲或看跌',
      orderUnknown: '該訂單不存在',
      productClosed: '該產品已停止接受新訂單',
      stakeOutOfRange: '金額須在 {{min}} 至 {{max}} {{asset}} 之間',
      roundClosed: '本輪購買已截止，請在下一輪購買。',
      openOrdersCap: '該產品最多可持有 {{max}} 筆未結算訂單',
      dailyLossCap: '此訂單將使您今日虧損超過 {{max}} {{asset}} 的上限',
      productExists: '該市場已有產品',
      periodsInvalid: '每個週期須有不同的時長、最高金額不低於最低金額，且購買截止時間短於週期',
    },
  },
  earn: {
    subscribed: '申購成功',
    redeemed: '贖回成功',
    saved: '產品已儲存',
    errors: {
      productUnknown: '該產品不存在',
      orderUnknown: '該訂單不存在',
      notOnSale: '該產品目前不在銷售期',
      belowMinimum: '最低申購金額為 {{min}} {{asset}}',
      aboveUserMax: '您在該產品中最多可持有 {{max}} {{asset}}',
      quotaExhausted: '該產品僅剩 {{left}} {{asset}} 額度',
      redemptionNotAllowed: '該產品到期前不可贖回',
      redemptionChanged: '您可獲得的金額已變動,請重新確認',
      orderNotActive: '該訂單已不在進行中',
      amountPrecision: '{{asset}} 金額最多 {{places}} 位小數',
      productInvalid: '請檢查產品:單人上限不低於最低金額,總額度不低於單人上限,銷售結束時間晚於開始時間',
    },
  },
  missions: {
    rewardClaimed: '獎勵已領取',
    saved: '任務已儲存',
    errors: {
      missionUnknown: '該任務不存在',
      notFinished: '請先完成該任務再領取獎勵',
      alreadyClaimed: '您已領取過該獎勵',
      expired: '該獎勵的領取時間已過',
      identityRequired: '請先完成身分認證再領取獎勵',
    },
  },
  referral: {
    saved: '推薦設定已儲存',
  },
  membership: {
    saved: '會員等級已儲存',
    errors: {
      levelsInvalid:
        'VIP 0 不得設定任何門檻；每一級所需的交易量或持倉須高於下一級，折扣不得低於下一級，且須低於 100%',
    },
  },
  support: {
    sent: '訊息已傳送',
    saved: '已儲存',
    notice: {
      agentReplied: {
        title: '客服已回覆',
        body: '客服 {{agent}} 回覆了您的訊息，請開啟客服聊天查看。',
      },
    },
  },
  menus: {
    errors: {
      routeClash: '路由 {{route}} 與應用的路由 {{fixed}} 衝突',
      routeDuplicate: '路由 {{route}} 已被其他條目使用',
      tooDeep: '子條目不能再有子條目',
      screenUnknown: '{{path}} 不是應用的頁面',
      linkInsecure: '連結必須是 https:// 位址',
    },
  },
  demo: {
    errors: {
      notAllowed: '模擬帳戶不可用：其資金為虛擬資金，絕不與真實資金混合。請切換到您的真實帳戶進行此操作。',
      demoOnly: '只有模擬帳戶可以執行此操作',
    },
  },
};

export default server;
