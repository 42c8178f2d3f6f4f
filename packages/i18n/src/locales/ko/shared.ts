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
};

export default shared;
