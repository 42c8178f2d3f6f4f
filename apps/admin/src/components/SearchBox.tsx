import { Button, SearchField } from '@kestrel/ui';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageStyles } from './Page';
import styles from './SearchBox.module.css';

/**
 * The back office's search: the field and a button, run on Enter or the button rather than on every key, so the
 * server is asked once per search.
 */
export function SearchBox({
  label,
  initial,
  onSearch,
}: {
  label: string;
  initial: string;
  onSearch: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <search>
      <form className={pageStyles.toolbar} onSubmit={submit}>
        <div className={styles.field}>
          <SearchField label={label} maxLength={100} value={value} onChange={setValue} testId="search" />
        </div>
        <Button type="submit" variant="primary" data-testid="search-submit">
          <Search size={16} aria-hidden />
          {t('admin.common.search')}
        </Button>
      </form>
    </search>
  );
}
