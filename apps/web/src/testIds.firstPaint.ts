/**
 * The test ids of the shell and the home screen, apart from the rest (testIds.ts spreads them into `TestId`) so
 * that the first paint does not carry every screen's ids. Modules loaded before the first paint import these.
 */
export const FirstPaintTestId = {
  notice: 'notice',
  chunkError: 'chunk-error',
  tabBar: 'tab-bar',
  tabHome: 'tab-home',
  tabMine: 'tab-mine',
  tabMarkets: 'tab-markets',
  tabTrade: 'tab-trade',
  notFound: 'not-found',
  notFoundHome: 'not-found-home',
  homeWelcome: 'home-welcome',
  homeGreeting: 'home-greeting',
  homeLogin: 'home-login',
  homeRegister: 'home-register',
  homeRiskWarning: 'home-risk-warning',
  tabMineBadge: 'tab-mine-badge',
  homeMessages: 'home-messages',
  homeMessagesBadge: 'home-messages-badge',
  homeAssets: 'home-assets',
  homeBanners: 'home-banners',
  homeBannerDefault: 'home-banner-default',
  homeSwap: 'home-swap',
  homeEarn: 'home-earn',
  homeShare: 'home-share',
} as const;
