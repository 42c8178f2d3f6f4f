import { intlTag, LOCALE_NAMES, LOCALES, type Locale } from '@kestrel/i18n';
import { Dialog, Spinner } from '@kestrel/ui';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import styles from './LanguageSheet.module.css';

type Props = {
  open: boolean;
  onClose: () => void;
  current: Locale;
  pending: Locale | null;
  onSelect: (locale: Locale) => void;
};

/** All 15 languages, each in its own name, the current one checked. */
export function LanguageSheet({ open, onClose, current, pending, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('settings.language')}
      closeLabel={t('common.close')}
      testId={TestId.settingsLanguageSheet}
    >
      <ul className={styles.list}>
        {LOCALES.map((locale) => {
          const selected = locale === current;
          return (
            <li key={locale}>
              <button
                type="button"
                className={styles.option}
                aria-current={selected ? 'true' : undefined}
                lang={intlTag(locale)}
                disabled={pending !== null}
                onClick={() => onSelect(locale)}
              >
                <span className={styles.name}>{LOCALE_NAMES[locale]}</span>
                {pending === locale ? (
                  <Spinner size={18} />
                ) : selected ? (
                  <Check className={styles.check} size={20} aria-hidden />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
