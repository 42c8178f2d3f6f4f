/**
 * Texts both apps show (and the server too, when it refuses a request in them). The source of every locale's
 * shared texts: each has exactly these keys (checked by the compiler and by catalogues.test.ts). Placeholders are
 * written {{name}} and must survive translation unchanged.
 */
const shared = {
  validation: {
    contentBlank: 'The content can not be blank',
    emailIncorrect: 'Email incorrect',
    passwordLength: 'The password must be 8 to 64 characters long',
    parameterError: 'Parameter error',
  },
  money: {
    errors: {
      amountInvalid: 'Amount Error',
      assetUnknown: 'This coin is not supported',
    },
  },
  deposit: {
    types: {
      crypto: 'Crypto transfer',
      bank: 'Bank transfer',
    },
    receipt: 'Transfer receipt',
    accounts: {
      spot: 'Spot account',
      futures: 'Futures account',
    },
  },
  assets: {
    accounts: {
      spot: 'Spot account',
      futures: 'Futures account',
    },
  },
  markets: {
    simulated: 'Simulated',
  },
  swap: {
    completeInformation: 'Complete information required',
    status: {
      waiting: 'Waiting for deposit',
      confirming: 'Confirming',
      exchanging: 'Exchanging',
      sending: 'Sending',
      completed: 'Completed',
      expired: 'Expired',
      cancelled: 'Cancelled',
      refunding: 'Refunding',
      refunded: 'Refunded',
      review: 'Under review',
    },
    payStatus: {
      inPayment: 'In payment',
      paymentSuccessful: 'Payment successful',
      paymentCancelled: 'Payment cancelled',
      canceled: 'Canceled',
    },
    errors: {
      pairUnknown: 'This pair cannot be swapped',
      amountOutOfRange: 'The amount must be between {{min}} and {{max}} {{asset}}',
      quoteUnknown: 'This quote does not exist. Please get a new quote.',
      quoteExpired: 'This quote has expired. Please get a new quote.',
      orderUnknown: 'This order does not exist',
      notCancellable: 'This order can no longer be cancelled',
      memoNotSupported: 'This network does not use a memo',
      memoInvalid: 'A memo may have up to 64 letters, digits, spaces, hyphens and underscores',
      refundAddressRequired: 'A fixed rate needs a refund address',
      stateConflict: 'This is not possible while the order is in its current status',
      approvalSameOperator: 'A second operator must approve this payout',
      approvalRequired: "This payout needs a second operator's approval first",
      pairInvalid: 'The minimum must be worth at least five network fees and may not exceed the maximum',
      extendedKeyInvalid: 'This is not a valid extended public key for this network',
      extendedKeyPrivate:
        'This is a private key. Never enter a private key here: enter the extended public key.',
      coinNotReady: 'Deposits on this network are not set up yet',
      txHashInvalid: 'Enter the transaction hash as the block explorer shows it',
    },
  },
  support: {
    validation: {
      textTooLong: 'A message may have up to 2,000 characters',
      shortcutInvalid: 'A shortcut has up to 32 lower-case letters, digits and hyphens',
      englishRequired: 'An English (en-US) text is required',
    },
    errors: {
      visitorUnknown: 'This chat has ended. Please start a new one.',
      imageUnknown: 'This image does not exist',
      conversationUnknown: 'This conversation does not exist',
      cannedReplyUnknown: 'This canned reply does not exist',
    },
  },
  content: {
    validation: {
      slugInvalid: 'A slug has up to 80 lower-case letters, digits and hyphens',
      titleTooLong: 'The title is too long',
      bodyTooLong: 'The text is too long',
      englishRequired: 'An English (en-US) version is required',
    },
    errors: {
      articleUnknown: 'This article does not exist',
      categoryUnknown: 'This category does not exist',
      slugTaken: 'Another one already uses this slug',
      articleFixed: 'This page is part of the platform: it keeps its slug and kind and cannot be removed',
      categoryMismatch: 'A help article needs a category; news and pages have none',
      englishKept: "The English (en-US) version is every other language's fallback and cannot be removed",
      translationUnknown: 'This translation does not exist',
    },
  },
  menus: {
    errors: {
      dataInvalid: "This entry's settings do not fit its template",
      templateUnknown: 'Unknown template',
      titleTooLong: 'A menu title may have up to 60 characters',
      englishRequired: 'An English (en-US) title is required',
      routeInvalid: 'A route is lower case, starts with / and has at most three parts',
      tooMany: 'A menu may have up to 100 entries',
    },
  },
};

export type SharedTexts = typeof shared;
export default shared;
