/**
 * Test ids for browser tests, in one place. Prefer roles and visible text; use these where neither is stable
 * across the 15 languages.
 */
export const TestId = {
  notice: 'notice',
  chunkError: 'chunk-error',
  tabBar: 'tab-bar',
  tabHome: 'tab-home',
  tabMine: 'tab-mine',
  notFound: 'not-found',
  notFoundHome: 'not-found-home',

  loginForm: 'login-form',
  loginAccount: 'login-account',
  loginPassword: 'login-password',
  loginSubmit: 'login-submit',
  loginToRegister: 'login-to-register',
  loginToForgot: 'login-to-forgot',

  registerForm: 'register-form',
  registerTabEmail: 'register-tab-email',
  registerTabPhone: 'register-tab-phone',
  registerAccount: 'register-account',
  registerCode: 'register-code',
  registerSendCode: 'register-send-code',
  registerPassword: 'register-password',
  registerConfirmPassword: 'register-confirm-password',
  registerInviteCode: 'register-invite-code',
  registerTerms: 'register-terms',
  registerTermsLink: 'register-terms-link',
  registerTermsSheet: 'register-terms-sheet',
  registerTermsAgree: 'register-terms-agree',
  registerSubmit: 'register-submit',

  forgotForm: 'forgot-form',
  forgotAccount: 'forgot-account',
  forgotCode: 'forgot-code',
  forgotSendCode: 'forgot-send-code',
  forgotPassword: 'forgot-password',
  forgotConfirmPassword: 'forgot-confirm-password',
  forgotSubmit: 'forgot-submit',

  homeWelcome: 'home-welcome',
  homeGreeting: 'home-greeting',
  homeLogin: 'home-login',
  homeRegister: 'home-register',
  homeRiskWarning: 'home-risk-warning',

  mineProfile: 'mine-profile',
  mineNickname: 'mine-nickname',
  mineAccount: 'mine-account',
  mineUid: 'mine-uid',
  mineCreditScore: 'mine-credit-score',
  mineInviteCode: 'mine-invite-code',
  mineCopyInviteCode: 'mine-copy-invite-code',
  mineCopyInviteLink: 'mine-copy-invite-link',
  mineSettings: 'mine-settings',
  mineLanguage: 'mine-language',
  mineAbout: 'mine-about',

  settingsLanguage: 'settings-language',
  settingsLanguageSheet: 'settings-language-sheet',
  settingsTheme: 'settings-theme',
  settingsAbout: 'settings-about',
  aboutSheet: 'about-sheet',
  settingsLogout: 'settings-logout',
  logoutDialog: 'logout-dialog',
} as const;

export type TestIdName = keyof typeof TestId;
