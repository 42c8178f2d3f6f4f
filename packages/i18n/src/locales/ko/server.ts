import type { ServerTexts } from '../en-US/server';

const server: ServerTexts = {
  common: {
    success: '성공',
  },
  errors: {
    unauthorized: '먼저 계정에 로그인해 주세요',
    forbidden: '이 작업을 수행할 권한이 없습니다',
    notFound: '찾을 수 없습니다',
    systemBusy: '시스템이 혼잡합니다. 잠시 후 다시 시도해 주세요.',
    busy: '지금 처리 중인 요청이 너무 많습니다. 몇 초 후에 다시 시도해 주세요.',
    serviceUnavailable: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    loginFailed: '계정 또는 비밀번호가 올바르지 않습니다',
    accountExists: '이미 가입된 계정입니다',
    accountNotFound: '가입되지 않은 계정입니다',
    codeInvalid: '인증 코드가 올바르지 않거나 만료되었습니다',
    codeTooSoon: '{{seconds}}초 후에 인증 코드를 다시 요청해 주세요',
    smsUnavailable: '현재 휴대폰 번호로는 코드를 보낼 수 없습니다. 이메일 주소를 사용해 주세요.',
    emailUnavailable: '현재 이메일로는 코드를 보낼 수 없습니다. 휴대폰 번호를 사용해 주세요.',
    inviteCodeUnknown: '존재하지 않는 초대 코드입니다',
    tooManyAttempts: '시도 횟수가 너무 많습니다. {{minutes}}분 후에 다시 시도해 주세요.',
    idempotencyConflict: '이 요청은 이미 다른 내용으로 전송되었습니다. 기록을 확인한 후 다시 시도해 주세요.',
    idempotencyInProgress: '이 요청은 아직 처리 중입니다. 잠시 후 다시 시도해 주세요.',
  },
  mail: {
    codeSubject: 'Kestrel 인증 코드 안내',
    codeBody:
      '인증 코드는 {{code}}입니다. 10분간 유효합니다. 본인이 요청하지 않았다면 이 메시지를 무시하셔도 됩니다.',
    codeSms: '[Kestrel] 인증 코드는 {{code}}입니다. 10분간 유효합니다.',
    accountExistsSubject: '이미 Kestrel 계정이 있습니다',
    accountExistsBody:
      '누군가(아마도 본인)가 이 주소로 Kestrel 계정 생성을 요청했지만, 이 주소에는 이미 계정이 있습니다. 로그인하시거나 로그인 화면의 "비밀번호를 잊으셨나요?"에서 비밀번호를 재설정해 주세요. 본인이 요청하지 않았다면 이 메시지를 무시하셔도 됩니다.',
    accountExistsSms:
      '[Kestrel] 이 번호로 이미 Kestrel 계정이 있습니다. 로그인하시거나 "비밀번호를 잊으셨나요?"에서 비밀번호를 재설정해 주세요.',
  },
  backOffice: {
    accountFrozen: '계정이 동결되었습니다. 고객센터에 문의해 주세요.',
    signedIn: '로그인되었습니다',
    totpEnabled: '2단계 인증이 활성화되었습니다',
    errors: {
      loginFailed: '이메일 또는 비밀번호가 올바르지 않습니다',
      totpRequired: '인증 앱의 6자리 코드를 입력해 주세요',
      totpInvalid: '인증 코드가 올바르지 않거나 만료되었습니다',
      totpEnrolmentRequired: '계속하려면 먼저 2단계 인증을 설정해 주세요',
      roleForbidden: '현재 역할로는 이 작업을 할 수 없습니다',
      adminDisabled: '비활성화된 관리자 계정입니다',
      lastSuperAdmin: '마지막 슈퍼 관리자는 강등하거나 비활성화할 수 없습니다',
      adminExists: '이 이메일로 등록된 관리자 계정이 이미 있습니다',
      totpNotStarted: '먼저 인증 앱 설정을 시작해 주세요',
      totpAlreadyEnabled: '2단계 인증이 이미 활성화되어 있습니다',
      reviewNotPending: '이미 심사된 항목입니다',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: '이 배너는 더 이상 존재하지 않습니다',
        imageInvalid: '배너용으로 업로드한 이미지를 선택하세요',
        orderMismatch: '그사이 배너가 변경되었습니다. 새로고침 후 다시 시도하세요',
        limitReached: '배너는 최대 {{max}}개입니다',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: '1차 승인은 귀하가 했습니다. 2차 승인은 다른 심사자가 해야 합니다.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: '자신의 인증 앱은 초기화할 수 없습니다. 다른 최고 관리자에게 요청하세요.',
      },
    },
  },
  profile: {
    nicknameReserved: '이 닉네임은 예약되어 있거나 예약된 이름과 비슷합니다. 다른 닉네임을 선택해 주세요.',
    avatarInvalid: '프로필 사진을 다시 업로드하세요',
  },
  security: {
    wrongPassword: '비밀번호가 틀렸습니다',
  },
  uploads: {
    missing: '이미지를 선택하세요',
    notImage: '지원하지 않는 파일입니다. JPEG, PNG 또는 WebP 이미지를 업로드하세요.',
    tooManyPixels: '이미지 화소 수가 너무 많습니다. 최대 4천만 화소까지 가능합니다.',
    damaged: '이미지가 손상되어 읽을 수 없습니다.',
    rateLimited: '업로드 횟수가 너무 많습니다. {{minutes}}분 후에 다시 시도하세요.',
  },
  inbox: {
    unknownDevice: '알 수 없는 기기',
    withdrawalsNeedIdentity: '출금하려면 먼저 본인 인증을 완료하세요.',
    withdrawalsOpen: '저희 팀이 승인한 지갑이나 은행 카드로 출금할 수 있습니다.',
    errors: {
      messageNotFound: '메시지가 존재하지 않거나 삭제되었습니다',
    },
    events: {
      depositApproved: {
        title: '입금 완료',
        body: '{{amount}} {{asset}} 입금이 승인되어 계정에 반영되었습니다.',
      },
      depositRejected: {
        title: '입금 미승인',
        body: '{{amount}} {{asset}} 입금이 승인되지 않았습니다.\n사유: {{reason}}\n오류라고 생각되면 고객센터에 문의해 주세요.',
      },
      withdrawalCompleted: {
        title: '출금 완료',
        body: '출금이 전송되었습니다: {{amount}} {{asset}}이(가) 계정으로 가는 중입니다.',
      },
      withdrawalRejected: {
        title: '출금이 승인되지 않음',
        body: '{{amount}} {{asset}} 출금이 승인되지 않아 금액이 사용 가능 잔액으로 돌아갔습니다.\n사유: {{reason}}',
      },
      systemAdd: {
        title: '계정에 자금이 추가되었습니다',
        body: '플랫폼이 회원님의 계정에 {{amount}} {{asset}}을(를) 추가했습니다.',
      },
      systemDebit: {
        title: '계정에서 자금이 차감되었습니다',
        body: '플랫폼이 회원님의 계정에서 {{amount}} {{asset}}을(를) 차감했습니다. 문의 사항은 고객센터로 연락해 주세요.',
      },
      welcome: {
        title: 'Kestrel에 오신 것을 환영합니다',
        body: '계정이 준비되었습니다. 지금 바로 입금과 거래를 이용할 수 있습니다. {{withdrawals}} 비밀번호나 인증 코드는 Kestrel 직원을 포함해 누구에게도 알려 주지 마세요.',
      },
      newLogin: {
        title: '새로운 계정 로그인',
        body: '{{time}}에 계정에 로그인되었습니다.\n기기: {{device}}\nIP 주소: {{ip}}\n본인이 아니라면 즉시 비밀번호를 변경하세요.',
      },
      bankCardApproved: {
        title: '은행 카드가 등록되었습니다',
        body: '{{bank}}의 은행 카드 {{card}}이(가) 승인되었습니다. 이제 이 카드로 출금할 수 있습니다.',
      },
      bankCardRejected: {
        title: '은행 카드가 승인되지 않았습니다',
        body: '{{bank}}의 은행 카드 {{card}}이(가) 승인되지 않았습니다.\n사유: {{reason}}\n삭제한 후 올바른 정보로 카드를 다시 등록할 수 있습니다.',
      },
      walletApproved: {
        title: '지갑이 등록되었습니다',
        body: '{{chain}} 지갑 {{address}}이(가) 승인되었습니다. 이제 이 지갑으로 출금할 수 있습니다.',
      },
      walletRejected: {
        title: '지갑이 승인되지 않았습니다',
        body: '{{chain}} 지갑 {{address}}이(가) 승인되지 않았습니다.\n사유: {{reason}}\n삭제한 후 새 스크린샷으로 다시 등록할 수 있습니다.',
      },
      identityApproved: {
        title: '신원 인증 완료',
        body: '신원 인증이 승인되었습니다. 계정 인증이 완료되었습니다.',
      },
      identityRejected: {
        title: '신원 인증 실패',
        body: '신원 인증이 승인되지 않았습니다.\n사유: {{reason}}\n정보를 수정한 후 다시 제출할 수 있습니다.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: '은행 카드 등록 한도에 도달했습니다. 추가하려면 하나를 삭제하세요.',
      duplicate: '이 카드는 이미 계정에 등록되어 있습니다',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: '지갑 등록 한도에 도달했습니다. 추가하려면 하나를 삭제하세요.',
      duplicate: '이 주소는 이 네트워크에 이미 등록되어 있습니다',
      screenshotInvalid: '스크린샷을 찾을 수 없습니다. 다시 업로드하세요.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: '이 코인의 은행 송금은 아직 이용할 수 없습니다',
      networkUnavailable: '이 네트워크의 입금은 아직 이용할 수 없습니다',
      credentialInvalid: '이체 증빙을 찾을 수 없습니다. 다시 업로드하세요.',
      belowMinimum: '최소 입금액은 {{minimum}} {{asset}}입니다',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable: '이 출금 계정은 사용할 수 없습니다. 승인된 지갑이나 은행 카드를 선택하세요.',
      networkUnavailable: '이 코인은 이 계정으로 출금할 수 없습니다',
      outOfRange: '금액은 {{min}}에서 {{max}} {{asset}} 사이여야 합니다',
      identityRequired: '출금 전에 본인 인증을 먼저 완료해 주세요',
    },
  },
  identity: {
    errors: {
      alreadyVerified: '이미 신원 인증이 완료되어 변경할 수 없습니다',
      underReview: '서류를 심사 중입니다. 결과를 기다려 주세요.',
      imageInvalid: '신분증 이미지를 찾을 수 없습니다. 다시 업로드해 주세요.',
    },
  },
  realtime: {
    tooManyChannels: '실시간 채널은 한 번에 최대 {{max}}개까지 구독할 수 있습니다.',
  },
  markets: {
    errors: {
      priceStale: '가격을 일시적으로 가져올 수 없습니다. 잠시 후 다시 시도해 주세요.',
      unavailable: '이 마켓의 거래를 잠시 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: '이 무기한 선물의 가격이 아직 없습니다. 잠시 후 다시 시도해 주세요.',
        aboveBracket:
          '이 주문은 포지션을 {{leverage}}x 레버리지 허용 범위를 넘게 만듭니다. 레버리지나 수량을 낮춰 주세요.',
        explainSubject: '설명할 포지션(방향) 또는 주문 초안(액션, 유형, 수량)을 지정해 주세요.',
      },
    },
    positions: {
      errors: {
        none: '이 시장의 이 방향에 보유 중인 포지션이 없습니다.',
        triggerWrongSide:
          '롱 포지션은 익절가가 진입가보다 높고 손절가가 낮아야 하며, 숏 포지션은 그 반대입니다.',
        triggerBeyondLiquidation: '손절가는 청산가({{price}})를 넘어설 수 없습니다.',
        notIsolated: '증거금 추가와 인출은 격리 포지션에서만 가능합니다.',
        marginTooLow: '이 포지션에서 인출할 수 있는 증거금은 최대 {{max}} USDT입니다.',
      },
    },
    markets: {
      saved: '무기한 선물이 저장되었습니다',
      errors: {
        unknown: '존재하지 않는 무기한 선물입니다',
        bracketsInvalid:
          '각 구간은 이전 구간보다 한도가 높고, 최대 레버리지가 높지 않으며, 유지 증거금률이 낮지 않아야 합니다',
      },
    },
    settings: {
      saved: '선물 설정이 저장되었습니다',
      errors: {
        leverageTooHigh: '이 시장은 현재 포지션 규모에 대해 최대 {{max}}배 레버리지를 허용합니다',
        marginModeLocked: '마진 모드를 변경하기 전에 이 시장의 포지션을 종료하고 미체결 주문을 취소하세요',
      },
    },
  },
  options: {
    bought: '구매가 완료되었습니다',
    saved: '상품이 저장되었습니다',
    errors: {
      productUnknown: '존재하지 않는 상품입니다',
      periodUnknown: '이 상품에는 해당 길이의 기간이 없습니다',
      directionRequired: '상승 또는 하락을 선택하세요',
      orderUnknown: '존재하지 않는 주문입니다',
      productClosed: '이 상품은 신규 주문을 받지 않습니다',
      stakeOutOfRange: '금액은 {{min}}에서 {{max}} {{asset}} 사이여야 합니다',
      roundClosed: '이번 회차의 구매가 마감되었습니다. 다음 회차에 구매해 주세요.',
      openOrdersCap: '이 상품에서 미결 주문은 최대 {{max}}건까지 가능합니다',
      dailyLossCap: '이 주문으로 오늘의 손실이 한도 {{max}} {{asset}}를 넘게 됩니다',
      productExists: '이 시장에는 이미 상품이 있습니다',
      periodsInvalid: '각 기간은 고유한 길이, 최소 이상인 최대 금액, 기간보다 짧은 구매 마감이 필요합니다',
    },
  },
  earn: {
    subscribed: '가입되었습니다',
    redeemed: '상환되었습니다',
    saved: '상품이 저장되었습니다',
    errors: {
      productUnknown: '존재하지 않는 상품입니다',
      orderUnknown: '존재하지 않는 주문입니다',
      notOnSale: '이 상품은 현재 판매 중이 아닙니다',
      belowMinimum: '최소 가입 금액은 {{min}} {{asset}}입니다',
      aboveUserMax: '이 상품에는 최대 {{max}} {{asset}}까지 보유할 수 있습니다',
      quotaExhausted: '이 상품의 남은 한도는 {{left}} {{asset}}입니다',
      redemptionNotAllowed: '이 상품은 만기 전에 상환할 수 없습니다',
      redemptionChanged: '받으실 금액이 변경되었습니다. 다시 확인해 주세요.',
      orderNotActive: '이 주문은 더 이상 진행 중이 아닙니다',
      amountPrecision: '{{asset}} 금액은 소수점 이하 최대 {{places}}자리입니다',
      productInvalid:
        '상품을 확인하세요: 1인 최대 금액은 최소 금액 이상, 총 한도는 최대 금액 이상, 판매 종료는 시작 이후여야 합니다',
    },
  },
  missions: {
    rewardClaimed: '보상을 받았습니다',
    saved: '미션이 저장되었습니다',
    errors: {
      missionUnknown: '존재하지 않는 미션입니다',
      notFinished: '보상을 받으려면 먼저 이 미션을 완료하세요',
      alreadyClaimed: '이미 받은 보상입니다',
      expired: '이 보상의 수령 기한이 지났습니다',
      identityRequired: '보상을 받으려면 본인 인증을 완료하세요',
    },
  },
  referral: {
    saved: '추천 설정이 저장되었습니다',
  },
  membership: {
    saved: '멤버십 등급이 저장되었습니다',
    errors: {
      levelsInvalid:
        '레벨 0은 조건이 없어야 합니다. 각 레벨은 아래 레벨보다 더 많은 거래량 또는 보유 자산을 요구해야 하며, 할인은 아래 레벨 이상이고 100% 미만이어야 합니다',
    },
  },
  support: {
    sent: '메시지를 보냈습니다',
    saved: '저장했습니다',
    notice: {
      agentReplied: {
        title: '고객센터에서 답변했습니다',
        body: '상담원 {{agent}}님이 메시지에 답변했습니다. 상담 채팅을 열어 확인하세요.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: '경로 {{route}}이(가) 앱 경로 {{fixed}}와(과) 충돌합니다',
      routeDuplicate: '경로 {{route}}은(는) 이미 다른 항목에서 사용 중입니다',
      tooDeep: '하위 항목은 자체 하위 항목을 가질 수 없습니다',
      screenUnknown: '{{path}}은(는) 앱 화면이 아닙니다',
      linkInsecure: '링크는 https:// 주소여야 합니다',
    },
  },
  demo: {
    errors: {
      notAllowed:
        '데모 계정에서는 사용할 수 없습니다. 데모 계정의 자금은 가상이며 실제 자금과 섞이지 않습니다. 실제 계정으로 전환해 주세요.',
      demoOnly: '데모 계정에서만 할 수 있습니다',
    },
  },
};

export default server;
