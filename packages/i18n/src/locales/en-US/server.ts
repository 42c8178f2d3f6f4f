/**
 * Texts only the server renders: refusals, e-mails and text messages, inbox messages. The source of every
 * locale's server texts: each has exactly these keys (checked by the compiler and by catalogues.test.ts).
 * Placeholders are written {{name}} and must survive translation unchanged.
 */
const server = {
  common: {
    success: 'Success',
  },
  errors: {
    unauthorized: 'Please authorize your account first',
    forbidden: 'You are not allowed to do this',
    notFound: 'Not found',
    systemBusy: 'The system is busy, please try again later.',
    busy: 'Too many requests are being handled right now. Please try again in a few seconds.',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    loginFailed: 'The account or password is incorrect',
    accountExists: 'This account is already registered',
    accountNotFound: 'This account is not registered',
    codeInvalid: 'The verification code is wrong or has expired',
    codeTooSoon: 'Please wait {{seconds}} seconds before requesting another code',
    smsUnavailable: 'Codes cannot be sent to mobile numbers at the moment. Please use your e-mail address.',
    emailUnavailable: 'Codes cannot be sent by e-mail at the moment. Please use your mobile number.',
    inviteCodeUnknown: 'This invitation code does not exist',
    tooManyAttempts: 'Too many attempts. Please try again in {{minutes}} minutes.',
    idempotencyConflict:
      'This request was already sent with different details. Check your records before trying again.',
    idempotencyInProgress: 'This request is still being processed. Please wait a moment and try again.',
  },
  mail: {
    codeSubject: 'Your Kestrel verification code',
    codeBody:
      'Your verification code is {{code}}. It is valid for 10 minutes. If you did not ask for it, you can ignore this message.',
    codeSms: '[Kestrel] Your verification code is {{code}}, valid for 10 minutes.',
    accountExistsSubject: 'You already have a Kestrel account',
    accountExistsBody:
      'Someone, probably you, asked to create a Kestrel account with this address, but it already has one. Log in, or reset your password with "Forgot password?" on the login page. If it was not you, you can ignore this message.',
    accountExistsSms:
      '[Kestrel] This number already has a Kestrel account. Log in, or use "Forgot password?" to reset your password.',
  },
  backOffice: {
    accountFrozen: 'Your account has been frozen. Please contact customer service.',
    signedIn: 'Signed in',
    totpEnabled: 'Two-factor authentication is on',
    errors: {
      loginFailed: 'The e-mail or password is incorrect',
      totpRequired: 'Please enter the 6-digit code from your authenticator app',
      totpInvalid: 'The authenticator code is wrong or has expired',
      totpEnrolmentRequired: 'Set up two-factor authentication before you continue',
      roleForbidden: 'Your role does not allow this action',
      adminDisabled: 'This back-office account has been disabled',
      lastSuperAdmin: 'The last super admin cannot be demoted or disabled',
      adminExists: 'A back-office account with this e-mail already exists',
      totpNotStarted: 'Start the authenticator setup first',
      totpAlreadyEnabled: 'Two-factor authentication is already on',
      reviewNotPending: 'This item has already been reviewed',
    },
  },
  admin: {
    banners: {
      errors: {
        notFound: 'This banner no longer exists',
        imageInvalid: 'Choose a picture uploaded for banners',
        orderMismatch: 'The banners changed meanwhile; reload and try again',
        limitReached: 'At most {{max}} banners',
      },
    },
    withdrawals: {
      errors: {
        sameReviewer: 'You gave the first approval. Another reviewer must give the second.',
      },
    },
    admins: {
      resetTotp: {
        ownAccount: 'You cannot reset your own authenticator. Ask another super admin.',
      },
    },
  },
  profile: {
    nicknameReserved: 'This nickname is reserved or looks like a reserved name. Please choose another.',
    avatarInvalid: 'Please upload the avatar again',
  },
  security: {
    wrongPassword: 'Wrong password',
  },
  uploads: {
    missing: 'Please choose an image',
    notImage: 'This file is not a supported image. Please upload a JPEG, PNG or WebP picture.',
    tooManyPixels: 'The image has too many pixels. The maximum is 40 megapixels.',
    damaged: 'The image is damaged and cannot be read.',
    rateLimited: 'Too many uploads. Please try again in {{minutes}} minutes.',
  },
  inbox: {
    unknownDevice: 'Unknown device',
    withdrawalsNeedIdentity: 'To withdraw, complete identity verification first.',
    withdrawalsOpen: 'You can withdraw to any wallet or bank card our team has approved.',
    errors: {
      messageNotFound: 'This message does not exist or has been removed',
    },
    events: {
      depositApproved: {
        title: 'Deposit credited',
        body: 'Your deposit of {{amount}} {{asset}} has been approved and credited to your account.',
      },
      depositRejected: {
        title: 'Deposit not approved',
        body: 'Your deposit of {{amount}} {{asset}} was not approved.\nReason: {{reason}}\nIf you believe this is a mistake, please contact customer service.',
      },
      withdrawalCompleted: {
        title: 'Withdrawal completed',
        body: 'Your withdrawal has been sent: {{amount}} {{asset}} is on its way to your account.',
      },
      withdrawalRejected: {
        title: 'Withdrawal not approved',
        body: 'Your withdrawal of {{amount}} {{asset}} was not approved, and the amount is back in your available balance.\nReason: {{reason}}',
      },
      systemAdd: {
        title: 'Funds added to your account',
        body: '{{amount}} {{asset}} was added to your account by the platform.',
      },
      systemDebit: {
        title: 'Funds deducted from your account',
        body: '{{amount}} {{asset}} was deducted from your account by the platform. Contact customer service if you have any questions.',
      },
      welcome: {
        title: 'Welcome to Kestrel',
        body: 'Your account is ready: you can deposit and trade now. {{withdrawals}} Never share your password or verification codes with anyone, including Kestrel staff.',
      },
      newLogin: {
        title: 'New login to your account',
        body: 'Your account was logged in at {{time}}.\nDevice: {{device}}\nIP address: {{ip}}\nIf this was not you, change your password immediately.',
      },
      bankCardApproved: {
        title: 'Bank card bound',
        body: 'Your bank card {{card}} at {{bank}} has been approved. You can now withdraw to it.',
      },
      bankCardRejected: {
        title: 'Bank card not approved',
        body: 'Your bank card {{card}} at {{bank}} was not approved.\nReason: {{reason}}\nYou can delete it and bind the card again with corrected details.',
      },
      walletApproved: {
        title: 'Wallet bound',
        body: 'Your {{chain}} wallet {{address}} has been approved. You can now withdraw to it.',
      },
      walletRejected: {
        title: 'Wallet not approved',
        body: 'Your {{chain}} wallet {{address}} was not approved.\nReason: {{reason}}\nYou can delete it and bind it again with a new screenshot.',
      },
      identityApproved: {
        title: 'Identity verified',
        body: 'Your identity verification has been approved. Your account is now verified.',
      },
      identityRejected: {
        title: 'Identity verification failed',
        body: 'Your identity verification was not approved.\nReason: {{reason}}\nYou can correct your details and submit again.',
      },
    },
  },
  bankCards: {
    errors: {
      limitReached: 'You have reached the maximum number of bank cards. Delete one to add another.',
      duplicate: 'This card is already bound to your account',
    },
  },
  cryptoWallets: {
    errors: {
      limitReached: 'You have reached the maximum number of wallets. Delete one to add another.',
      duplicate: 'This address is already bound on this chain',
      screenshotInvalid: 'The screenshot was not found. Please upload it again.',
    },
  },
  deposit: {
    errors: {
      bankUnavailable: 'Bank transfers for this coin are not available yet',
      networkUnavailable: 'Deposits on this network are not available yet',
      credentialInvalid: 'The transfer credential was not found. Please upload it again.',
      belowMinimum: 'The minimum deposit is {{minimum}} {{asset}}',
    },
  },
  withdraw: {
    errors: {
      targetUnavailable: 'This withdrawal account is not available. Choose an approved wallet or bank card.',
      networkUnavailable: 'Withdrawals of this coin to this account are not available',
      outOfRange: 'The amount must be between {{min}} and {{max}} {{asset}}',
      identityRequired: 'Verify your identity before withdrawing: complete identity verification first',
    },
  },
  identity: {
    errors: {
      alreadyVerified: 'Your identity is already verified and cannot be changed',
      underReview: 'Your documents are under certification. Please wait for the result.',
      imageInvalid: 'The document image was not found. Please upload it again.',
    },
  },
  realtime: {
    tooManyChannels: 'You can follow at most {{max}} live channels at a time.',
  },
  markets: {
    errors: {
      priceStale: 'Prices are temporarily unavailable. Please try again shortly.',
      unavailable: 'Trading in this market is briefly unavailable. Please try again in a moment.',
    },
  },
  futures: {
    orders: {
      errors: {
        noPrice: 'No price is known for this perpetual yet. Please try again shortly.',
        aboveBracket:
          'This order would take your position beyond what {{leverage}}x allows. Lower the leverage or the size.',
        explainSubject: 'Name a position (side) or a draft order (action, type and size) to explain.',
      },
    },
    positions: {
      errors: {
        none: 'You have no open position on this side of this market.',
        triggerWrongSide:
          'The take profit must be above the entry price and the stop loss below it for a long; the other way for a short.',
        triggerBeyondLiquidation: 'The stop loss must not lie beyond the liquidation price ({{price}}).',
        notIsolated: 'Margin can only be added to or removed from an isolated position.',
        marginTooLow: 'You can remove at most {{max}} USDT of margin from this position.',
      },
    },
    markets: {
      saved: 'Perpetual saved',
      errors: {
        unknown: 'This perpetual does not exist',
        bracketsInvalid:
          'Each bracket needs a higher cap than the one before, a maximum leverage no higher and a maintenance margin rate no lower',
      },
    },
    settings: {
      saved: 'Futures settings saved',
      errors: {
        leverageTooHigh: 'This market allows at most {{max}}x leverage for your position size',
        marginModeLocked:
          'Close your positions and cancel your open orders in this market before changing its margin mode',
      },
    },
  },
  options: {
    bought: 'Purchase successful',
    saved: 'Product saved',
    errors: {
      productUnknown: 'This product does not exist',
      periodUnknown: 'This product has no period of this length',
      directionRequired: 'Choose up or down',
      orderUnknown: 'This order does not exist',
      productClosed: 'This product is closed for new orders',
      stakeOutOfRange: 'The amount must be between {{min}} and {{max}} {{asset}}',
      roundClosed: 'Buying for this round has closed. Please buy in the next round.',
      openOrdersCap: 'You can have at most {{max}} open orders on this product',
      dailyLossCap: 'This order would take your losses today past the limit of {{max}} {{asset}}',
      productExists: 'This market already has a product',
      periodsInvalid:
        'Each period needs its own length, a maximum stake no lower than the minimum and a buying cutoff shorter than the period',
    },
  },
  earn: {
    subscribed: 'Subscribed',
    redeemed: 'Redeemed',
    saved: 'Product saved',
    errors: {
      productUnknown: 'This product does not exist',
      orderUnknown: 'This order does not exist',
      notOnSale: 'This product is not on sale now',
      belowMinimum: 'The least you can subscribe is {{min}} {{asset}}',
      aboveUserMax: 'You can hold at most {{max}} {{asset}} in this product',
      quotaExhausted: 'Only {{left}} {{asset}} of this product is left',
      redemptionNotAllowed: 'This product cannot be redeemed before it matures',
      redemptionChanged: 'The amount you would receive has changed. Please check it again.',
      orderNotActive: 'This order is no longer active',
      amountPrecision: '{{asset}} amounts have at most {{places}} decimals',
      productInvalid:
        'Check the product: the maximum per user at least the minimum, the quota at least the maximum, the sale ending after it starts',
    },
  },
  missions: {
    rewardClaimed: 'Reward claimed',
    saved: 'Task saved',
    errors: {
      missionUnknown: 'This task does not exist',
      notFinished: 'Finish this task before claiming its reward',
      alreadyClaimed: 'You have already claimed this reward',
      expired: 'The time to claim this reward has passed',
      identityRequired: 'Verify your identity to claim rewards',
    },
  },
  referral: {
    saved: 'Referral settings saved',
  },
  membership: {
    saved: 'Membership levels saved',
    errors: {
      levelsInvalid:
        'Level 0 must need nothing; each level must need more volume or more holdings than the one below, with discounts no lower than its and below 100%',
    },
  },
  support: {
    sent: 'Message sent',
    saved: 'Saved',
    notice: {
      agentReplied: {
        title: 'Customer service answered',
        body: 'An agent, {{agent}}, answered your message. Open the service chat to read it.',
      },
    },
  },
  menus: {
    errors: {
      routeClash: "The route {{route}} clashes with the app's route {{fixed}}",
      routeDuplicate: 'The route {{route}} is already used by another entry',
      tooDeep: 'A child entry cannot have children of its own',
      screenUnknown: "{{path}} is not one of the app's screens",
      linkInsecure: 'A link must be an https:// address',
    },
  },
  demo: {
    errors: {
      notAllowed:
        'Not available in a demo account: its funds are virtual and never meet real money. Switch to your real account for this.',
      demoOnly: 'Only a demo account can do this',
    },
  },
};

export type ServerTexts = typeof server;
export default server;
