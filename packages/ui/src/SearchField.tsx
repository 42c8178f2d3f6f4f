import { Search } from 'lucide-react';
import { type InputHTMLAttributes, useId } from 'react';
import styles from './SearchField.module.css';

export type SearchFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'className'
> & {
  /** What is searched: inside the field on the phone, above it in the back office; the field's name in both. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Where the field sits (margins, sticking to the top of a sheet); its look is the component's. */
  className?: string;
  testId?: string;
};

/** A search box: the magnifier, the query, and the phone's search key. */
export function SearchField({ label, value, onChange, className, testId, ...input }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={styles.search}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <label className={[styles.field, className ?? ''].filter(Boolean).join(' ')} htmlFor={id}>
        <Search size={18} aria-hidden className={styles.icon} />
        <input
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          {...input}
          id={id}
          type="search"
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={label}
          aria-label={label}
          data-testid={testId}
        />
      </label>
    </div>
  );
}
