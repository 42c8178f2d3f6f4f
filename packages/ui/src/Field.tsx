import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';

type Labelled = {
  label: string;
  /** Already translated; shown under the field. */
  hint?: ReactNode;
};

export type SelectFieldProps<T extends string> = Labelled &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
    value: T;
    onChange: (value: T) => void;
    options: readonly { value: T; label: string }[];
    testId?: string;
  };

/** A labelled native select (the phone's own picker), styled as a text field; the density sets its size. */
export function SelectField<T extends string>({
  label,
  hint,
  value,
  onChange,
  options,
  testId,
  ...select
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={styles.input}
        value={value}
        // The options are the only values the select can take.
        onChange={(event) => onChange(event.target.value as T)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </div>
  );
}

export type TextAreaProps = Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled text of several lines (a reason, an announcement's body). */
export function TextArea({ label, hint, ...input }: TextAreaProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className={`${styles.input} ${styles.textArea}`} {...input} />
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </div>
  );
}
