import {
  dateTimeFormat,
  intlTag,
  type Locale,
  numberFormat,
  resolveLocale,
  textDirection,
} from '@kestrel/i18n';
import { loadCatalogue } from '@kestrel/i18n/admin';
import { formatQuantity } from '@kestrel/money';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { saveLanguage } from '../api/storage';

/** The console's one i18next instance; catalogues are added as their locale is chosen. */
export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

function applyDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = intlTag(locale);
  root.dir = textDirection(locale);
}

/** Loads the start-up locale's catalogue before the first paint, so no screen flashes in another language. */
export async function initI18n(locale: Locale): Promise<void> {
  await i18n.init({
    lng: locale,
    resources: { [locale]: { translation: await loadCatalogue(locale) } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  applyDocumentLocale(locale);
}

export async function switchLanguage(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
  }
  await i18n.changeLanguage(locale);
  applyDocumentLocale(locale);
  saveLanguage(locale);
}

/** The shown locale and formatters for it: dates and numbers follow the console's language, not the OS. */
export function useLocale() {
  const { i18n: instance } = useTranslation();
  const locale = resolveLocale(instance.language);
  return {
    locale,
    formatDate: (iso: string | null) =>
      iso ? dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '',
    formatNumber: (value: number) => numberFormat(locale, {}).format(value),
    /** A decimal amount as the user app shows it ("2,500 USDT", not "2500.000000 USDT"), exact to the last digit. */
    formatAmount: (decimal: string, asset?: string) =>
      asset === undefined ? formatQuantity(decimal, locale) : `${formatQuantity(decimal, locale)} ${asset}`,
  };
}
