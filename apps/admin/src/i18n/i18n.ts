import { createI18n } from '@kestrel/client';
import { dateTimeFormat, type Locale, numberFormat, resolveLocale } from '@kestrel/i18n';
import { loadCatalogue } from '@kestrel/i18n/admin';
import { formatQuantity } from '@kestrel/money';
import { useTranslation } from 'react-i18next';
import { saveLanguage } from '../api/storage';

const shared = createI18n(loadCatalogue);

/** The console's one i18next instance, fed the back office's catalogues. */
export const { i18n, initI18n } = shared;

/** Switches the console's language and remembers it for the next visit. */
export async function switchLanguage(locale: Locale): Promise<void> {
  await shared.switchLanguage(locale);
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
