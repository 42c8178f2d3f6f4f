import { intlTag, type Locale, textDirection } from '@kestrel/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * An app's one i18next instance, given the loader of its own catalogue (its namespace with the shared one):
 * catalogues are added as their locale is chosen, and `<html lang dir>` follows the shown language.
 */
export function createI18n(loadCatalogue: (locale: Locale) => Promise<object>) {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next);

  /** The one place that sets <html lang> and dir; it runs at start-up and on every language change. */
  function applyDocumentLocale(locale: Locale): void {
    const root = document.documentElement;
    root.lang = intlTag(locale);
    root.dir = textDirection(locale);
  }

  async function ensureCatalogue(locale: Locale): Promise<void> {
    if (i18n.hasResourceBundle(locale, 'translation')) return;
    i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
  }

  /** Loads the start-up locale's catalogue before the first paint, so no screen flashes in another language. */
  async function initI18n(locale: Locale): Promise<void> {
    if (!i18n.isInitialized) {
      await i18n.init({
        lng: locale,
        resources: { [locale]: { translation: await loadCatalogue(locale) } },
        fallbackLng: false,
        interpolation: { escapeValue: false },
        returnNull: false,
        // i18next otherwise prints an advertisement to the console of every user.
        showSupportNotice: false,
      });
    } else {
      await ensureCatalogue(locale);
      await i18n.changeLanguage(locale);
    }
    applyDocumentLocale(locale);
  }

  /** Switches the shown language, loading its catalogue on first use. */
  async function switchLanguage(locale: Locale): Promise<void> {
    await ensureCatalogue(locale);
    await i18n.changeLanguage(locale);
    applyDocumentLocale(locale);
  }

  return { i18n, applyDocumentLocale, initI18n, switchLanguage };
}
