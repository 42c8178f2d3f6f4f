import { type Locale, resolveLocale } from '@kestrel/i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveLanguage } from '../session/storage';
import { useSession } from '../session/useSession';
import { applyTheme } from '../theme/theme';
import { switchLanguage } from './i18n';

/** The shown language and a way to change it: stored (session and `lang`), loaded, applied to <html>. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<Locale | null>(null);
  const language = resolveLocale(i18n.language);

  const change = async (locale: Locale) => {
    setPending(locale);
    try {
      await switchLanguage(locale);
      saveLanguage(locale);
    } finally {
      setPending(null);
    }
  };

  return { language, pending, change };
}

/**
 * Keeps what is shown in step with what is stored: after storage is cleared (logout, 401) the stored language
 * falls back to en-US and the theme to dark, and another tab may change either.
 */
export function useStoredPreferencesSync(): void {
  const session = useSession();
  const { i18n } = useTranslation();
  useEffect(() => {
    applyTheme();
    if (resolveLocale(i18n.language) !== session.language) void switchLanguage(session.language);
  }, [session, i18n]);
}
