import { isEmail, isPhone } from '@kestrel/contract';

export type AccountChannel = 'email' | 'phone';

/** Spaces, dashes and brackets people type in phone numbers; the contract wants +14155550123. */
export function tidyPhone(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

/** Keeps only the digits of a verification code as it is typed. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The message key for an account that does not fit the chosen tab, or undefined when it fits. */
export function channelAccountError(channel: AccountChannel, account: string): string | undefined {
  const value = account.trim();
  if (!value) return 'validation.contentBlank';
  if (channel === 'email') return isEmail(value) ? undefined : 'validation.emailIncorrect';
  return isPhone(value) ? undefined : 'validation.phoneIncorrect';
}

/** The account message to show on a tab: the schema's generic "phone or email" becomes the tab's own. */
export function accountMessageFor(channel: AccountChannel, key: string | undefined): string | undefined {
  if (key !== 'validation.invalidAccount') return key;
  return channel === 'email' ? 'validation.emailIncorrect' : 'validation.phoneIncorrect';
}
