import type { SharedTexts } from '../en-US/shared';

const shared: SharedTexts = {
  validation: {
    contentBlank: 'Поле не может быть пустым',
    emailIncorrect: 'Неверный адрес эл. почты',
    passwordLength: 'Пароль должен содержать от 8 до 64 символов',
    parameterError: 'Ошибка параметров',
  },
  money: {
    errors: {
      amountInvalid: 'Ошибка суммы',
      assetUnknown: 'Эта монета не поддерживается',
    },
  },
  deposit: {
    types: {
      crypto: 'Криптоперевод',
      bank: 'Банковский перевод',
    },
    receipt: 'Квитанция о переводе',
    accounts: {
      spot: 'Спотовый счёт',
      futures: 'Фьючерсный счёт',
    },
  },
  assets: {
    accounts: {
      spot: 'Спотовый счёт',
      futures: 'Фьючерсный счёт',
    },
  },
  markets: {
    simulated: 'Симуляция',
  },
};

export default shared;
