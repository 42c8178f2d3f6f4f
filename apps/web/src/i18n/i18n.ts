import { createI18n } from '@kestrel/client';
import { loadCatalogue, type TranslationKey } from '@kestrel/i18n/web';

/** The app's one i18next instance and its language switching, fed the user app's catalogues. */
export const { i18n, applyDocumentLocale, initI18n, switchLanguage } = createI18n(loadCatalogue);

/** Narrows a message from a schema or the server to a catalogue key, so it can go through the typed t(). */
export function isTranslationKey(value: string): value is TranslationKey {
  return i18n.exists(value);
}
