import { DEFAULT_LOCALE, type Locale, resolveLocale } from '@kestrel/i18n';

/** The console's own keys, so that an operator signed in to the user app in the same browser stays apart. */
export const TOKEN_KEY = 'adminToken';
export const LANGUAGE_KEY = 'adminLang';

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function getToken(): string {
  return read(TOKEN_KEY);
}

export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

export function getLanguage(): Locale {
  return read(LANGUAGE_KEY) ? resolveLocale(read(LANGUAGE_KEY)) : DEFAULT_LOCALE;
}

export function saveLanguage(locale: Locale): void {
  localStorage.setItem(LANGUAGE_KEY, locale);
}
