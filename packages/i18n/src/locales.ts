/** The 15 locales of the product, in the order the language switch lists them. */
export const LOCALES = [
  'en-US',
  'zh-CN',
  'zh-TC',
  'ja-JP',
  'ko',
  'tr',
  'de',
  'es',
  'fr',
  'pt',
  'ru',
  'ar',
  'id',
  'vn',
  'th-TH',
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en-US';

/** Each language in its own name, as the language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TC': '繁體中文',
  'ja-JP': '日本語',
  ko: '한국어',
  tr: 'Türkçe',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  ru: 'Русский',
  ar: 'العربية',
  id: 'Bahasa Indonesia',
  vn: 'Tiếng Việt',
  'th-TH': 'ไทย',
};

/** BCP 47 tags for Intl and the `lang` attribute; the product's codes are not all valid tags. */
const INTL_TAGS: Record<Locale, string> = {
  'en-US': 'en-US',
  'zh-CN': 'zh-CN',
  'zh-TC': 'zh-Hant-TW',
  'ja-JP': 'ja-JP',
  ko: 'ko-KR',
  tr: 'tr-TR',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  pt: 'pt-BR',
  ru: 'ru-RU',
  ar: 'ar',
  id: 'id-ID',
  vn: 'vi-VN',
  'th-TH': 'th-TH',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale a `think-lang` value names, or the default for anything else. */
export function resolveLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function intlTag(locale: Locale): string {
  return INTL_TAGS[locale];
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}
