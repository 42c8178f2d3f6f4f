import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import styles from './SearchField.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'className'> & {
  /** What is searched, shown as the placeholder and read as the field's name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Where the field sits (margins, sticking to the top of a sheet); its look is the component's. */
  className?: string;
  testId?: string;
};

/** A search box: the magnifier, the query, and the phone's search key. */
export function SearchField({ label, value, onChange, className, testId, ...input }: Props) {
  return (
    <label className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <Search size={18} aria-hidden className={styles.icon} />
      <input
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        {...input}
        type="search"
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        data-testid={testId}
      />
    </label>
  );
}
