import { DEFAULT_LOCALE, type Locale, type TranslationKey } from '@kestrel/i18n';
import { catalogues } from '@kestrel/i18n/all';
import i18next from 'i18next';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: TranslationKey, params?: TranslateParams) => string;

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(
    Object.entries(catalogues).map(([locale, catalogue]) => [locale, { translation: catalogue }]),
  ),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

/** Server-side text in one locale, from the same catalogues as the clients. */
export function translator(locale: Locale): Translate {
  const t = i18n.getFixedT(locale);
  return (key, params) => t(key, params);
}

export function isTranslationKey(value: string): value is TranslationKey {
  return i18n.exists(value, { lng: DEFAULT_LOCALE });
}
