import { Check } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './Checkbox.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: ReactNode;
  /** Text or controls after the label, outside it (a link that opens the terms). */
  after?: ReactNode;
  error?: string | undefined;
};

export function Checkbox({ label, after, error, className, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={[styles.wrapper, className ?? ''].filter(Boolean).join(' ')}>
      <div className={styles.row}>
        <span className={styles.box}>
          <input
            {...input}
            id={id}
            type="checkbox"
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <Check className={styles.tick} size={14} strokeWidth={3} aria-hidden />
        </span>
        <span className={styles.text}>
          <label htmlFor={id}>{label}</label> {after}
        </span>
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
