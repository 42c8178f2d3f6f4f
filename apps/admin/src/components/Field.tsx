import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';

type Common = { label: string; hint?: ReactNode };

export function TextArea({
  label,
  hint,
  ...input
}: Common & InputHTMLAttributes<HTMLTextAreaElement> & { rows?: number }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className={styles.input} {...input} />
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </div>
  );
}

export function SelectField({
  label,
  hint,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={styles.input} {...select}>
        {children}
      </select>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </div>
  );
}
