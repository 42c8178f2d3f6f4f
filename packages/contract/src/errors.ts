import type { TranslationKey } from '@kestrel/i18n';

/**
 * Failure codes, in bands: 1xxx shared by every area, 2xxx accounts and sessions. Each has one HTTP status
 * and one catalogue message; a code never changes meaning once published.
 */
export const ERRORS = {
  parameterError: { code: 1000, status: 400, message: 'validation.parameterError' },
  unauthorized: { code: 1001, status: 401, message: 'errors.unauthorized' },
  forbidden: { code: 1003, status: 403, message: 'errors.forbidden' },
  notFound: { code: 1004, status: 404, message: 'errors.notFound' },
  tooManyAttempts: { code: 1029, status: 429, message: 'errors.tooManyAttempts' },
  systemBusy: { code: 1500, status: 500, message: 'errors.systemBusy' },
  loginFailed: { code: 2001, status: 400, message: 'errors.loginFailed' },
  accountExists: { code: 2002, status: 409, message: 'errors.accountExists' },
  accountNotFound: { code: 2003, status: 404, message: 'errors.accountNotFound' },
  codeInvalid: { code: 2004, status: 400, message: 'errors.codeInvalid' },
  codeTooSoon: { code: 2005, status: 429, message: 'errors.codeTooSoon' },
  inviteCodeUnknown: { code: 2006, status: 400, message: 'errors.inviteCodeUnknown' },
} as const satisfies Record<string, { code: number; status: number; message: TranslationKey }>;

export type ErrorName = keyof typeof ERRORS;
