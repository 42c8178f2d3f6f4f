import { DEFAULT_LOCALE, type Locale, type TranslationKey, textDirection } from '@kestrel/i18n';
import { catalogues } from '@kestrel/i18n/all';
import { formatQuantity } from '@kestrel/money';
import i18next from 'i18next';

/**
 * An amount in a text, as a decimal string (and, when the text does not name it, its asset): shown as the
 * screens show amounts, in the reader's number format, trailing zeros dropped ("100000.000000" → "100,000").
 */
export type QuantityParam = { quantity: string; asset?: string };

/** Marks a decimal string as an amount for a text; see QuantityParam. */
export function quantity(decimal: string, asset?: string): QuantityParam {
  return asset === undefined ? { quantity: decimal } : { quantity: decimal, asset };
}

export type TranslateParams = Record<string, string | number | QuantityParam>;
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
      if (params) return t(key, inLocale(params, locale));
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

function inLocale(params: TranslateParams, locale: Locale): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (typeof value !== 'object') return [name, value];
      const number = formatQuantity(value.quantity, locale);
      const figure = value.asset === undefined ? number : `${number} ${value.asset}`;
      // Isolated left to right, so a right-to-left sentence keeps "10 USDT" in its order.
      return [name, textDirection(locale) === 'rtl' ? `\u2066${figure}\u2069` : figure];
    }),
  );
}

export function isTranslationKey(value: string): value is TranslationKey {
  return i18n.exists(value, { lng: DEFAULT_LOCALE });
}
