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
  swap: {
    completeInformation: 'Заполните все поля',
    status: {
      waiting: 'Ожидание депозита',
      confirming: 'Подтверждение',
      exchanging: 'Обмен',
      sending: 'Отправка',
      completed: 'Завершено',
      expired: 'Истекло',
      cancelled: 'Отменено',
      refunding: 'Возврат',
      refunded: 'Возвращено',
      review: 'На проверке',
    },
    payStatus: {
      inPayment: 'Ожидает оплаты',
      paymentSuccessful: 'Оплата успешна',
      paymentCancelled: 'Оплата отменена',
      canceled: 'Отменено',
    },
    errors: {
      pairUnknown: 'Эту пару нельзя обменять',
      amountOutOfRange: 'Сумма должна быть от {{min}} до {{max}} {{asset}}',
      quoteUnknown: 'Такой котировки нет. Запросите новую котировку.',
      quoteExpired: 'Срок котировки истёк. Запросите новую котировку.',
      orderUnknown: 'Такого ордера нет',
      notCancellable: 'Этот ордер уже нельзя отменить',
      memoNotSupported: 'В этой сети мемо не используется',
      memoInvalid: 'Мемо может содержать до 64 букв, цифр, пробелов, дефисов и подчёркиваний',
      refundAddressRequired: 'Для фиксированного курса нужен адрес возврата',
      stateConflict: 'Это невозможно в текущем статусе ордера',
      approvalSameOperator: 'Эту выплату должен одобрить второй оператор',
      approvalRequired: 'Эта выплата сначала требует одобрения второго оператора',
      pairInvalid: 'Минимум должен стоить не меньше пяти сетевых комиссий и не превышать максимум',
      extendedKeyInvalid: 'Это не действительный расширенный открытый ключ для этой сети',
      extendedKeyPrivate:
        'Это закрытый ключ. Никогда не вводите здесь закрытый ключ: введите расширенный открытый ключ.',
      coinNotReady: 'Депозиты в этой сети ещё не настроены',
      txHashInvalid: 'Введите хеш транзакции так, как его показывает обозреватель блоков',
    },
  },
  support: {
    validation: {
      textTooLong: 'Сообщение может содержать не более 2 000 символов',
      shortcutInvalid: 'Сокращение — до 32 строчных букв, цифр и дефисов',
      englishRequired: 'Текст на английском (en-US) обязателен',
    },
    errors: {
      visitorUnknown: 'Этот чат завершён. Пожалуйста, начните новый.',
      imageUnknown: 'Это изображение не существует',
      conversationUnknown: 'Этот диалог не существует',
      cannedReplyUnknown: 'Этот шаблон ответа не существует',
    },
  },
  content: {
    validation: {
      slugInvalid: 'Идентификатор — до 80 строчных букв, цифр и дефисов',
      titleTooLong: 'Заголовок слишком длинный',
      bodyTooLong: 'Текст слишком длинный',
      englishRequired: 'Версия на английском (en-US) обязательна',
    },
    errors: {
      articleUnknown: 'Эта статья не существует',
      categoryUnknown: 'Эта категория не существует',
      slugTaken: 'Этот слаг уже занят',
      articleFixed: 'Это страница платформы: её слаг и тип не меняются, удалить её нельзя',
      categoryMismatch: 'Статье справки нужна категория; у новостей и страниц её нет',
      englishKept: 'Английская версия (en-US) служит запасной для всех языков и не может быть удалена',
      translationUnknown: 'Такого перевода нет',
    },
  },
  menus: {
    errors: {
      dataInvalid: 'Настройки этого пункта не подходят к его шаблону',
      templateUnknown: 'Неизвестный шаблон',
      titleTooLong: 'Название пункта меню — не более 60 символов',
      englishRequired: 'Название на английском (en-US) обязательно',
      routeInvalid: 'Маршрут пишется строчными буквами, начинается с / и содержит не более трёх частей',
      tooMany: 'В меню может быть не более 100 пунктов',
    },
  },
};

export default shared;
