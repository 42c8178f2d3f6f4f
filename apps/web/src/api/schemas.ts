/**
 * The contract schemas that check the answers of the shell and the first screens. Only ever imported lazily
 * (through lazySchema.ts): this module and zod stay out of the JavaScript loaded before the first paint.
 */
export {
  assetsOverview,
  bannerList,
  latestTradeList,
  publicUser,
  unreadCount,
  uploadResult,
  walletBalances,
} from '@kestrel/contract';
