import { Button } from '@kestrel/ui';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';
import { TextArea } from './Field';

type Props = {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  /** Resolves when done (the dialog then closes); rejects when the server refused (the dialog stays). */
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  testId?: string;
};

/** A modal form in the browser's own <dialog>: focus is trapped and Escape closes it. */
export function FormDialog({
  title,
  description,
  children,
  submitLabel,
  tone,
  onSubmit,
  onClose,
  testId,
}: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit();
      onClose();
    } catch {
      // The request client has already shown why; the operator can correct the form and try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={testId}
    >
      <form className={styles.form} onSubmit={submit}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description ? <p className={styles.description}>{description}</p> : null}
        {children}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant={tone ?? 'primary'} disabled={busy} data-testid="dialog-submit">
            {submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** The reason every change is audited with; required, as on the server. */
export function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextArea
      label={t('admin.common.reason')}
      hint={t('admin.common.reasonHint')}
      required
      maxLength={500}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid="reason"
    />
  );
}

/** A modal that only shows something, such as a message's full text. */
export function ViewDialog({
  title,
  children,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles.wide}`}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={testId}
    >
      <div className={styles.form}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
        <div className={styles.actions}>
          <Button variant="primary" onClick={onClose}>
            {t('admin.common.close')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** Text as stored, in a scrolling block; React escapes it, so stored markup stays visible markup. */
export function PlainText({ children, testId }: { children: string; testId?: string }) {
  return (
    <pre className={styles.text} data-testid={testId}>
      {children}
    </pre>
  );
}
