import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './TextField.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Already translated; shown under the field and announced with it. */
  error?: string | undefined;
  /** Already translated; shown under the field when there is no error. */
  hint?: ReactNode;
  /** A control at the end of the field (show password, send code). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input, with its hint or error announced with it; the density (tokens.css) sets its size. */
export function TextField({ label, error, hint, trailing, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control} data-invalid={error ? true : undefined}>
        <input
          {...input}
          ref={ref}
          id={id}
          className={styles.input}
          // A caller that shows its own error (the back office's forms) may mark the input itself.
          aria-invalid={error ? true : input['aria-invalid']}
          aria-describedby={message ? messageId : input['aria-describedby']}
        />
        {trailing ? <div className={styles.trailing}>{trailing}</div> : null}
      </div>
      {message ? (
        <p id={messageId} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
