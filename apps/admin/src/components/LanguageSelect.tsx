import { isLocale, LOCALE_NAMES, LOCALES } from '@kestrel/i18n';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { switchLanguage, useLocale } from '../i18n/i18n';
import styles from './LanguageSelect.module.css';

/** The console's own language (stored as `adminLang`), each language named in itself. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <label className={styles.language}>
      <Languages size={16} aria-hidden />
      <select
        aria-label={t('admin.shell.language')}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void switchLanguage(event.target.value);
        }}
        data-testid="language"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
