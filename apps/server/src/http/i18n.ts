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

const translators = new Map<Locale, Translate>();

/**
 * Server-side text in one locale, from the same catalogues as the clients. The catalogues never change while the
 * process runs, so a text without parameters is looked up once per locale (it answers every order placed).
 */
export function translator(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    const t = i18n.getFixedT(locale);
    const plain = new Map<TranslationKey, string>();
    translate = (key, params) => {
      if (params) return t(key, params);
      let text = plain.get(key);
      if (text === undefined) {
        text = t(key);
        plain.set(key, text);
      }
      return text;
    };
    translators.set(locale, translate);
  }
  return translate;
}

export function isTranslationKey(value: string): value is TranslationKey {
  return i18n.exists(value, { lng: DEFAULT_LOCALE });
}
