import type { TranslationKey } from '@kestrel/i18n';

/**
 * Failure codes, in bands: 1xxx shared by every area, 2xxx accounts and sessions, 3xxx profile, passwords,
 * uploads and identity, 4xxx messages, 5xxx the back office, 6xxx money. Each has one HTTP status and one catalogue message; a code never
 * changes meaning once published.
 */
export const ERRORS = {
  parameterError: { code: 1000, status: 400, message: 'validation.parameterError' },
  unauthorized: { code: 1001, status: 401, message: 'errors.unauthorized' },
  forbidden: { code: 1003, status: 403, message: 'errors.forbidden' },
  notFound: { code: 1004, status: 404, message: 'errors.notFound' },
  tooManyAttempts: { code: 1029, status: 429, message: 'errors.tooManyAttempts' },
  // The same Idempotency-Key with another body, or while its first request is still running.
  idempotencyConflict: { code: 1409, status: 409, message: 'errors.idempotencyConflict' },
  idempotencyInProgress: { code: 1410, status: 409, message: 'errors.idempotencyInProgress' },
  systemBusy: { code: 1500, status: 500, message: 'errors.systemBusy' },
  // Password checks are queued and the excess refused at once (decision 0029); trying again shortly succeeds.
  busy: { code: 1503, status: 503, message: 'errors.busy' },
  // The database (or Redis, for a node among several) does not answer, or the node is shutting down; requests
  // succeed again by themselves once it is back (decision 0044).
  serviceUnavailable: { code: 1504, status: 503, message: 'errors.serviceUnavailable' },
  loginFailed: { code: 2001, status: 400, message: 'errors.loginFailed' },
  accountExists: { code: 2002, status: 409, message: 'errors.accountExists' },
  accountNotFound: { code: 2003, status: 404, message: 'errors.accountNotFound' },
  codeInvalid: { code: 2004, status: 400, message: 'errors.codeInvalid' },
  codeTooSoon: { code: 2005, status: 429, message: 'errors.codeTooSoon' },
  inviteCodeUnknown: { code: 2006, status: 400, message: 'errors.inviteCodeUnknown' },
  accountFrozen: { code: 2007, status: 403, message: 'backOffice.accountFrozen' },
  // 21xx: delivering codes. 503: the platform has no way to reach this kind of account right now.
  smsUnavailable: { code: 2101, status: 503, message: 'errors.smsUnavailable' },
  emailUnavailable: { code: 2102, status: 503, message: 'errors.emailUnavailable' },
  adminLoginFailed: { code: 5001, status: 400, message: 'backOffice.errors.loginFailed' },
  // 400, not 401: the console must keep the entered credentials and show the code field, not sign out.
  totpRequired: { code: 5002, status: 400, message: 'backOffice.errors.totpRequired' },
  totpInvalid: { code: 5003, status: 400, message: 'backOffice.errors.totpInvalid' },
  totpEnrolmentRequired: { code: 5004, status: 403, message: 'backOffice.errors.totpEnrolmentRequired' },
  adminRoleForbidden: { code: 5005, status: 403, message: 'backOffice.errors.roleForbidden' },
  adminDisabled: { code: 5006, status: 403, message: 'backOffice.errors.adminDisabled' },
  lastSuperAdmin: { code: 5007, status: 409, message: 'backOffice.errors.lastSuperAdmin' },
  adminExists: { code: 5008, status: 409, message: 'backOffice.errors.adminExists' },
  totpNotStarted: { code: 5009, status: 400, message: 'backOffice.errors.totpNotStarted' },
  totpAlreadyEnabled: { code: 5010, status: 409, message: 'backOffice.errors.totpAlreadyEnabled' },
  // 51xx: review queues.
  reviewNotPending: { code: 5101, status: 409, message: 'backOffice.errors.reviewNotPending' },
  // 52xx: admin accounts and announcements.
  // An admin who lost their authenticator cannot vouch for themselves: another super admin resets it.
  ownTotpReset: { code: 5201, status: 403, message: 'admin.admins.resetTotp.ownAccount' },
  // 3xxx: profile, passwords and uploads.
  wrongPassword: { code: 3001, status: 400, message: 'security.wrongPassword' },
  loginPasswordRequired: { code: 3002, status: 400, message: 'security.loginPasswordRequired' },
  oldSecurityPasswordRequired: { code: 3003, status: 400, message: 'security.oldSecurityPasswordRequired' },
  securityPasswordNotSet: { code: 3004, status: 400, message: 'security.notSet' },
  avatarUploadInvalid: { code: 3005, status: 400, message: 'profile.avatarInvalid' },
  nicknameReserved: { code: 3006, status: 400, message: 'profile.nicknameReserved' },
  uploadMissing: { code: 3010, status: 400, message: 'uploads.missing' },
  uploadNotImage: { code: 3011, status: 415, message: 'uploads.notImage' },
  uploadTooLarge: { code: 3012, status: 413, message: 'uploads.tooLarge' },
  uploadTooManyPixels: { code: 3013, status: 400, message: 'uploads.tooManyPixels' },
  uploadDamaged: { code: 3014, status: 400, message: 'uploads.damaged' },
  uploadRateLimited: { code: 3015, status: 429, message: 'uploads.rateLimited' },
  // 31xx: identity verification.
  identityAlreadyVerified: { code: 3101, status: 409, message: 'identity.errors.alreadyVerified' },
  identityUnderReview: { code: 3102, status: 409, message: 'identity.errors.underReview' },
  identityImageInvalid: { code: 3103, status: 400, message: 'identity.errors.imageInvalid' },
  // 4xxx: messages and announcements.
  messageNotFound: { code: 4001, status: 404, message: 'inbox.errors.messageNotFound' },
  // 6xxx: money.
  insufficientBalance: { code: 6001, status: 400, message: 'money.errors.insufficientBalance' },
  amountInvalid: { code: 6002, status: 400, message: 'money.errors.amountInvalid' },
  assetUnknown: { code: 6003, status: 400, message: 'money.errors.assetUnknown' },
  reservationNotOpen: { code: 6004, status: 409, message: 'money.errors.reservationNotOpen' },
  // A credit that would take a balance past NUMERIC(36,18) is refused instead of failing in the database.
  balanceLimitReached: { code: 6005, status: 400, message: 'money.errors.balanceLimit' },
  // 61xx: deposits and the networks they arrive on.
  depositNetworkUnavailable: { code: 6101, status: 400, message: 'deposit.errors.networkUnavailable' },
  depositCredentialInvalid: { code: 6102, status: 400, message: 'deposit.errors.credentialInvalid' },
  depositBelowMinimum: { code: 6103, status: 400, message: 'deposit.errors.belowMinimum' },
  networkExists: { code: 6104, status: 409, message: 'admin.assets.errors.networkExists' },
  networkAddressInvalid: { code: 6105, status: 400, message: 'admin.assets.errors.addressInvalid' },
  networkLimitsInvalid: { code: 6106, status: 400, message: 'admin.assets.errors.limitsInvalid' },
  bankTransferUnavailable: { code: 6107, status: 400, message: 'deposit.errors.bankUnavailable' },
  // 62xx: bank cards and crypto withdrawal wallets.
  bankCardLimit: { code: 6201, status: 409, message: 'bankCards.errors.limitReached' },
  bankCardDuplicate: { code: 6202, status: 409, message: 'bankCards.errors.duplicate' },
  cryptoWalletLimit: { code: 6211, status: 409, message: 'cryptoWallets.errors.limitReached' },
  cryptoWalletDuplicate: { code: 6212, status: 409, message: 'cryptoWallets.errors.duplicate' },
  cryptoWalletScreenshotInvalid: {
    code: 6213,
    status: 400,
    message: 'cryptoWallets.errors.screenshotInvalid',
  },
  // 64xx: withdrawals.
  withdrawalTargetUnavailable: { code: 6401, status: 400, message: 'withdraw.errors.targetUnavailable' },
  withdrawalNetworkUnavailable: { code: 6402, status: 400, message: 'withdraw.errors.networkUnavailable' },
  withdrawalOutOfRange: { code: 6403, status: 400, message: 'withdraw.errors.outOfRange' },
  withdrawalReferenceInvalid: {
    code: 6404,
    status: 400,
    message: 'admin.withdrawals.errors.referenceInvalid',
  },
  // The second approval of a large withdrawal must come from someone other than the first reviewer.
  withdrawalSameReviewer: { code: 6405, status: 409, message: 'admin.withdrawals.errors.sameReviewer' },
  // Withdrawals wait for a verified identity while the back office's setting asks for one (decision 0032).
  withdrawalIdentityRequired: { code: 6406, status: 403, message: 'withdraw.errors.identityRequired' },
  // 65xx: operators' manual adjustments. A proposal above the threshold is decided by another operator.
  adjustmentSameOperator: { code: 6501, status: 409, message: 'admin.adjustments.errors.sameOperator' },
  // 70xx: markets and their prices.
  unknownMarket: { code: 7001, status: 404, message: 'markets.errors.unknownMarket' },
  marketClosed: { code: 7002, status: 409, message: 'markets.errors.closed' },
  // A stale index price halts whatever depends on it instead of using an old price.
  priceStale: { code: 7003, status: 503, message: 'markets.errors.priceStale' },
  // Tick and lot size change only while the market is closed, so no resting order falls off the grid.
  marketSizesWhileOpen: { code: 7004, status: 409, message: 'admin.markets.errors.sizesWhileOpen' },
  // The market's book is changing hands between nodes (decision 0044); its new owner serves it within seconds.
  marketUnavailable: { code: 7005, status: 503, message: 'markets.errors.unavailable' },
  // 71xx: spot orders. Too little balance for an order reuses insufficientBalance (6001).
  orderNotFound: { code: 7101, status: 404, message: 'orders.errors.notFound' },
  orderPriceNotOnTick: { code: 7102, status: 400, message: 'orders.errors.priceNotOnTick' },
  orderSizeNotOnLot: { code: 7103, status: 400, message: 'orders.errors.sizeNotOnLot' },
  orderBelowMinNotional: { code: 7104, status: 400, message: 'orders.errors.belowMinNotional' },
  orderNotCancellable: { code: 7105, status: 409, message: 'orders.errors.notCancellable' },
  orderMarketBuyBySize: { code: 7106, status: 400, message: 'orders.errors.marketBuyBySize' },
  // 7320-7359: futures orders and positions.
  futuresNoPrice: { code: 7320, status: 503, message: 'futures.orders.errors.noPrice' },
  futuresAboveBracket: { code: 7321, status: 400, message: 'futures.orders.errors.aboveBracket' },
  futuresExplainSubject: { code: 7322, status: 400, message: 'futures.orders.errors.explainSubject' },
  futuresNoPosition: { code: 7330, status: 409, message: 'futures.positions.errors.none' },
  futuresTriggerWrongSide: { code: 7331, status: 400, message: 'futures.positions.errors.triggerWrongSide' },
  futuresTriggerBeyondLiquidation: {
    code: 7332,
    status: 400,
    message: 'futures.positions.errors.triggerBeyondLiquidation',
  },
  futuresMarginNotIsolated: { code: 7333, status: 409, message: 'futures.positions.errors.notIsolated' },
  futuresMarginTooLow: { code: 7334, status: 400, message: 'futures.positions.errors.marginTooLow' },
  // 72xx: home banners.
  bannerNotFound: { code: 7201, status: 404, message: 'admin.banners.errors.notFound' },
  bannerImageInvalid: { code: 7202, status: 400, message: 'admin.banners.errors.imageInvalid' },
  bannerOrderMismatch: { code: 7203, status: 409, message: 'admin.banners.errors.orderMismatch' },
  bannerLimitReached: { code: 7204, status: 409, message: 'admin.banners.errors.limitReached' },
  // 73xx: futures. 7301-7319: perpetuals and their settings.
  futuresMarketUnknown: { code: 7301, status: 404, message: 'futures.markets.errors.unknown' },
  // The leverage a user sets is bounded by the bracket of their largest open position there, at the mark price.
  futuresLeverageTooHigh: { code: 7302, status: 400, message: 'futures.settings.errors.leverageTooHigh' },
  // A position or a live order keeps the margin mode it was opened with: the mode changes only without them.
  futuresMarginModeLocked: { code: 7303, status: 409, message: 'futures.settings.errors.marginModeLocked' },
  // Brackets rise in cap, never rise in maximum leverage and never fall in maintenance margin rate.
  futuresBracketsInvalid: { code: 7304, status: 400, message: 'futures.markets.errors.bracketsInvalid' },
  // 74xx: timed up/down options. A stale feed reuses priceStale (7003), too little balance insufficientBalance.
  optionProductUnknown: { code: 7401, status: 404, message: 'options.errors.productUnknown' },
  optionPeriodUnknown: { code: 7402, status: 400, message: 'options.errors.periodUnknown' },
  optionOrderUnknown: { code: 7403, status: 404, message: 'options.errors.orderUnknown' },
  optionProductClosed: { code: 7404, status: 409, message: 'options.errors.productClosed' },
  optionStakeOutOfRange: { code: 7405, status: 400, message: 'options.errors.stakeOutOfRange' },
  // The round the buyer saw no longer sells: the order is refused rather than placed in the next round.
  optionRoundClosed: { code: 7406, status: 409, message: 'options.errors.roundClosed' },
  optionOpenOrdersCap: { code: 7407, status: 409, message: 'options.errors.openOrdersCap' },
  // Today's (UTC) settled losses, the stakes still open and this stake may not pass the product's daily cap.
  optionDailyLossCap: { code: 7408, status: 409, message: 'options.errors.dailyLossCap' },
  optionProductExists: { code: 7409, status: 409, message: 'options.errors.productExists' },
  // Periods of one length twice, a maximum stake below the minimum, a cutoff not shorter than the period.
  optionPeriodsInvalid: { code: 7410, status: 400, message: 'options.errors.periodsInvalid' },
  // 75xx: the swap desk. A stale index reuses priceStale (7003); too many quotes or orders from one address the
  // rate limit's tooManyAttempts.
  swapPairUnknown: { code: 7501, status: 404, message: 'swap.errors.pairUnknown' },
  swapAmountOutOfRange: { code: 7502, status: 400, message: 'swap.errors.amountOutOfRange' },
  swapQuoteUnknown: { code: 7503, status: 404, message: 'swap.errors.quoteUnknown' },
  // A fixed rate is held until its quote expires; a floating quote must become an order by then.
  swapQuoteExpired: { code: 7504, status: 409, message: 'swap.errors.quoteExpired' },
  // An unknown number and a wrong secret answer alike, so that neither tells whether an order exists.
  swapOrderUnknown: { code: 7505, status: 404, message: 'swap.errors.orderUnknown' },
  swapNotCancellable: { code: 7506, status: 409, message: 'swap.errors.notCancellable' },
  swapMemoNotSupported: { code: 7507, status: 400, message: 'swap.errors.memoNotSupported' },
  // A fixed-rate order sends back an amount that arrives late or wrong: it cannot be placed without somewhere to send it.
  swapRefundAddressRequired: { code: 7508, status: 400, message: 'swap.errors.refundAddressRequired' },
  // A desk action the order's status does not allow (a payout before the deposit, a refund of a completed order).
  swapStateConflict: { code: 7509, status: 409, message: 'swap.errors.stateConflict' },
  swapApprovalSameOperator: { code: 7510, status: 409, message: 'swap.errors.approvalSameOperator' },
  swapApprovalRequired: { code: 7511, status: 409, message: 'swap.errors.approvalRequired' },
  // A minimum worth less than five network fees, or above the maximum.
  swapPairInvalid: { code: 7512, status: 400, message: 'swap.errors.pairInvalid' },
  swapExtendedKeyInvalid: { code: 7513, status: 400, message: 'swap.errors.extendedKeyInvalid' },
  swapExtendedKeyPrivate: { code: 7514, status: 400, message: 'swap.errors.extendedKeyPrivate' },
  // The sending network has no extended public key (or, on a memo chain, no desk address) to take deposits with.
  swapCoinNotReady: { code: 7515, status: 409, message: 'swap.errors.coinNotReady' },
  // 76xx: earn. Too little in the spot account reuses insufficientBalance (6001).
  earnProductUnknown: { code: 7601, status: 404, message: 'earn.errors.productUnknown' },
  earnOrderUnknown: { code: 7602, status: 404, message: 'earn.errors.orderUnknown' },
  // Hidden, before or after its sale window.
  earnProductNotOnSale: { code: 7603, status: 409, message: 'earn.errors.notOnSale' },
  earnBelowMinimum: { code: 7604, status: 400, message: 'earn.errors.belowMinimum' },
  // What the user holds in the product's active orders and this subscription may not pass its maximum per user.
  earnAboveUserMax: { code: 7605, status: 409, message: 'earn.errors.aboveUserMax' },
  // What all users hold in the product's active orders and this subscription may not pass its quota.
  earnQuotaExhausted: { code: 7606, status: 409, message: 'earn.errors.quotaExhausted' },
  earnRedemptionNotAllowed: { code: 7607, status: 409, message: 'earn.errors.redemptionNotAllowed' },
  // An accrual between the quote and the redemption changed its payout: refused rather than paying another figure.
  earnRedemptionChanged: { code: 7608, status: 409, message: 'earn.errors.redemptionChanged' },
  // Matured or redeemed, or a fixed term whose maturity has come and is being paid.
  earnOrderNotActive: { code: 7609, status: 409, message: 'earn.errors.orderNotActive' },
  // More decimals than the asset has: refused, not rounded.
  earnAmountPrecision: { code: 7610, status: 400, message: 'earn.errors.amountPrecision' },
  // A maximum below the minimum, a quota below the maximum, a sale ending before it starts, an unknown asset.
  earnProductInvalid: { code: 7611, status: 400, message: 'earn.errors.productInvalid' },
  // 7701-7749: the mission hall.
  missionUnknown: { code: 7701, status: 404, message: 'missions.errors.missionUnknown' },
  missionNotFinished: { code: 7702, status: 409, message: 'missions.errors.notFinished' },
  missionAlreadyClaimed: { code: 7703, status: 409, message: 'missions.errors.alreadyClaimed' },
  missionExpired: { code: 7704, status: 409, message: 'missions.errors.expired' },
  missionIdentityRequired: { code: 7705, status: 403, message: 'missions.errors.identityRequired' },
  // 7801-7849: the membership centre. A table of levels that breaks the rules (level 0 needing anything, a level
  // needing no more than the one below, a discount lower than the one below or not below 1).
  membershipLevelsInvalid: { code: 7801, status: 400, message: 'membership.errors.levelsInvalid' },
  // 7901-7949: customer service chat (decision 0052). A visitor token that is unknown, malformed or already joined
  // to an account opens nothing.
  supportVisitorUnknown: { code: 7901, status: 404, message: 'support.errors.visitorUnknown' },
  supportImageUnknown: { code: 7902, status: 404, message: 'support.errors.imageUnknown' },
  supportConversationUnknown: { code: 7903, status: 404, message: 'support.errors.conversationUnknown' },
  supportCannedReplyUnknown: { code: 7904, status: 404, message: 'support.errors.cannedReplyUnknown' },
  // Too many messages from one conversation or one address, or too many visitors or images.
  supportRateLimited: { code: 7905, status: 429, message: 'support.errors.rateLimited' },
  // Assigned to someone who is not an enabled operator with a role that answers customers.
  supportAgentUnknown: { code: 7906, status: 400, message: 'support.errors.agentUnknown' },
  supportShortcutTaken: { code: 7907, status: 409, message: 'support.errors.shortcutTaken' },
  // 80xx: the help centre, news and pages (decision 0053).
  contentArticleUnknown: { code: 8001, status: 404, message: 'content.errors.articleUnknown' },
  contentCategoryUnknown: { code: 8002, status: 404, message: 'content.errors.categoryUnknown' },
  contentSlugTaken: { code: 8003, status: 409, message: 'content.errors.slugTaken' },
  // The introduction and about-us pages keep their slug and kind and cannot be removed.
  contentArticleFixed: { code: 8004, status: 409, message: 'content.errors.articleFixed' },
  // A help article has a category; news and pages have none.
  contentCategoryMismatch: { code: 8005, status: 400, message: 'content.errors.categoryMismatch' },
  // en-US is every other language's fallback: it can be rewritten, not removed.
  contentEnglishKept: { code: 8006, status: 409, message: 'content.errors.englishKept' },
  contentTranslationUnknown: { code: 8007, status: 404, message: 'content.errors.translationUnknown' },
  // 8101-8149: menus set at run time (decision 0054). A refused save names its entry: the answer's data.field.
  menuRouteClash: { code: 8101, status: 400, message: 'menus.errors.routeClash' },
  menuRouteDuplicate: { code: 8102, status: 400, message: 'menus.errors.routeDuplicate' },
  // Children nest one level: a child has no children of its own.
  menuTooDeep: { code: 8103, status: 400, message: 'menus.errors.tooDeep' },
  // A `screen` entry names a path that is not one of the app's fixed routes, or one without a screen yet.
  menuScreenUnknown: { code: 8104, status: 400, message: 'menus.errors.screenUnknown' },
  menuLinkInsecure: { code: 8105, status: 400, message: 'menus.errors.linkInsecure' },
  // 82xx: demo accounts (decision 0055).
  demoNotAllowed: { code: 8201, status: 403, message: 'demo.errors.notAllowed' },
  demoOnly: { code: 8202, status: 409, message: 'demo.errors.demoOnly' },
} as const satisfies Record<string, { code: number; status: number; message: TranslationKey }>;

export type ErrorName = keyof typeof ERRORS;
