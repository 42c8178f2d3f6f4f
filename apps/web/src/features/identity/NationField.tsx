import type { CountryCode } from '@kestrel/contract';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage';
import { TestId } from '../../testIds';
import { CountrySheet } from './CountrySheet';
import { countryName } from './countries';
import styles from './IdentityForm.module.css';

type Props = {
  value: CountryCode | '';
  onChange: (code: CountryCode) => void;
  error: string | undefined;
};

/** Looks like the text fields around it; opens the country sheet. */
export function NationField({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const errorId = useId();

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {t('identity.form.nation')}
      </span>
      <button
        type="button"
        className={styles.select}
        aria-haspopup="dialog"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onClick={() => setOpen(true)}
        data-testid={TestId.identityNation}
      >
        <span id={valueId} className={value ? styles.selectValue : styles.placeholder}>
          {value ? countryName(value, language) : t('identity.form.nationPlaceholder')}
        </span>
        <ChevronDown size={18} aria-hidden />
      </button>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <CountrySheet
        open={open}
        value={value}
        onClose={() => setOpen(false)}
        onSelect={(code) => {
          setOpen(false);
          onChange(code);
        }}
      />
    </div>
  );
}
