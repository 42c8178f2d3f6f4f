import type { CountryCode } from '@kestrel/contract';
import { Dialog, SearchField } from '@kestrel/ui';
import { Check } from 'lucide-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import styles from './CountrySheet.module.css';
import { type Country, searchCountries, useCountries } from './countries';

type Props = {
  open: boolean;
  value: CountryCode | '';
  onClose: () => void;
  onSelect: (code: CountryCode) => void;
};

/** The nation picker: a bottom sheet listing every country in the reader's language, with a search box. */
export function CountrySheet({ open, value, onClose, onSelect }: Props) {
  const { t } = useTranslation();
  const { countries, language } = useCountries();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchCountries(countries, query, language), [countries, query, language]);

  const close = () => {
    setQuery('');
    onClose();
  };
  const select = (country: Country) => {
    setQuery('');
    onSelect(country.code);
  };
  // Enter (the keyboard's Go key) takes the best match, so a code and Enter is enough.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const best = shown[0];
    if (event.key !== 'Enter' || !best) return;
    event.preventDefault();
    select(best);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('identity.country.title')}
      closeLabel={t('common.close')}
      testId={TestId.identityCountrySheet}
    >
      <SearchField
        className={styles.search}
        label={t('identity.country.search')}
        value={query}
        onChange={setQuery}
        onKeyDown={onKeyDown}
        enterKeyHint="go"
        testId={TestId.identityCountrySearch}
      />
      {shown.length > 0 ? (
        <ul className={styles.list}>
          {shown.map((country) => {
            const selected = country.code === value;
            return (
              <li key={country.code}>
                <button
                  type="button"
                  className={styles.option}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => select(country)}
                  data-testid={TestId.identityCountryOption}
                  data-country={country.code}
                >
                  <span className={styles.name}>{country.name}</span>
                  <span className={styles.code}>{country.code}</span>
                  <span className={styles.check}>{selected ? <Check size={18} aria-hidden /> : null}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.empty} role="status">
          {t('identity.country.empty')}
        </p>
      )}
    </Dialog>
  );
}
