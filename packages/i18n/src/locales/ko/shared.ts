import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: '내용을 입력해 주세요',
    emailIncorrect: '이메일 형식이 올바르지 않습니다',
    passwordLength: '비밀번호는 8~64자여야 합니다',
    parameterError: '파라미터 오류',
  },
  money: {
    errors: {
      amountInvalid: '금액 오류',
      assetUnknown: '지원하지 않는 코인입니다',
    },
  },
  deposit: {
    types: {
      crypto: '암호화폐 전송',
      bank: '은행 송금',
    },
    receipt: '송금 영수증',
    accounts: {
      spot: '현물 계정',
      futures: '선물 계정',
    },
  },
  assets: {
    accounts: {
      spot: '현물 계정',
      futures: '선물 계정',
    },
  },
  markets: {
    simulated: '시뮬레이션',
  },
  swap: {
    completeInformation: '모든 정보를 입력해 주세요',
    status: {
      waiting: '입금 대기',
      confirming: '확인 중',
      exchanging: '교환 중',
      sending: '전송 중',
      completed: '완료',
      expired: '만료',
      cancelled: '취소됨',
      refunding: '환불 중',
      refunded: '환불 완료',
      review: '검토 중',
    },
    payStatus: {
      inPayment: '결제 중',
      paymentSuccessful: '결제 성공',
      paymentCancelled: '결제 취소',
      canceled: '취소됨',
    },
    errors: {
      pairUnknown: '이 페어는 교환할 수 없습니다',
      amountOutOfRange: '금액은 {{min}}에서 {{max}} {{asset}} 사이여야 합니다',
      quoteUnknown: '이 견적은 존재하지 않습니다. 새 견적을 받아 주세요.',
      quoteExpired: '이 견적은 만료되었습니다. 새 견적을 받아 주세요.',
      orderUnknown: '이 주문은 존재하지 않습니다',
      notCancellable: '이 주문은 더 이상 취소할 수 없습니다',
      memoNotSupported: '이 네트워크는 메모를 사용하지 않습니다',
      memoInvalid: '메모는 영문, 숫자, 공백, 하이픈, 밑줄로 최대 64자입니다',
      refundAddressRequired: '고정 환율에는 환불 주소가 필요합니다',
      stateConflict: '주문의 현재 상태에서는 할 수 없는 작업입니다',
      approvalSameOperator: '이 지급은 다른 운영자가 승인해야 합니다',
      approvalRequired: '이 지급은 먼저 다른 운영자의 승인이 필요합니다',
      pairInvalid: '최소 금액은 네트워크 수수료 5회분 이상이어야 하며 최대 금액을 넘을 수 없습니다',
      extendedKeyInvalid: '이 네트워크에 유효한 확장 공개 키가 아닙니다',
      extendedKeyPrivate: '개인 키입니다. 여기에 개인 키를 입력하지 마세요. 확장 공개 키를 입력하세요.',
      coinNotReady: '이 네트워크의 입금은 아직 설정되지 않았습니다',
      txHashInvalid: '블록 탐색기에 표시된 대로 거래 해시를 입력하세요',
    },
  },
  support: {
    validation: {
      textTooLong: '메시지는 최대 2,000자까지 입력할 수 있습니다',
      shortcutInvalid: '단축어는 소문자, 숫자, 하이픈으로 최대 32자입니다',
      englishRequired: '영어(en-US) 텍스트는 필수입니다',
    },
    errors: {
      visitorUnknown: '이 채팅은 종료되었습니다. 새 채팅을 시작해 주세요.',
      imageUnknown: '이 이미지가 존재하지 않습니다',
      conversationUnknown: '이 대화가 존재하지 않습니다',
      cannedReplyUnknown: '이 빠른 답변이 존재하지 않습니다',
    },
  },
  content: {
    validation: {
      slugInvalid: '슬러그는 소문자, 숫자, 하이픈으로 최대 80자입니다',
      titleTooLong: '제목이 너무 깁니다',
      bodyTooLong: '본문이 너무 깁니다',
      englishRequired: '영어(en-US) 버전은 필수입니다',
    },
    errors: {
      articleUnknown: '이 글이 존재하지 않습니다',
      categoryUnknown: '이 카테고리가 존재하지 않습니다',
      slugTaken: '이미 사용 중인 슬러그입니다',
      articleFixed: '플랫폼 고정 페이지입니다. 슬러그와 종류를 바꾸거나 삭제할 수 없습니다',
      categoryMismatch: '도움말 글에는 카테고리가 필요하며, 뉴스와 페이지에는 카테고리가 없습니다',
      englishKept: '영어(en-US) 버전은 다른 모든 언어의 대체본이므로 삭제할 수 없습니다',
      translationUnknown: '이 번역이 존재하지 않습니다',
    },
  },
  menus: {
    errors: {
      dataInvalid: '이 항목의 설정이 템플릿과 맞지 않습니다',
      templateUnknown: '알 수 없는 템플릿입니다',
      titleTooLong: '메뉴 제목은 최대 60자입니다',
      englishRequired: '영어(en-US) 제목은 필수입니다',
      routeInvalid: '경로는 소문자이며 /로 시작하고 최대 세 단계입니다',
      tooMany: '메뉴 항목은 최대 100개입니다',
    },
  },
};

export default shared;
