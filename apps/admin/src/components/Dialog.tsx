import { Button, Dialog, TextArea } from '@kestrel/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';

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
  /** Room for a table (a perpetual's brackets). */
  wide?: boolean;
};

/** A change made in a modal form: drawn while shown, closed once the server has taken it. */
export function FormDialog({
  title,
  description,
  children,
  submitLabel,
  tone,
  onSubmit,
  onClose,
  testId,
  wide = false,
}: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

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
    <Dialog
      variant="dialog"
      wide={wide}
      title={title}
      description={description}
      onClose={onClose}
      onSubmit={submit}
      testId={testId}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" variant={tone ?? 'primary'} disabled={busy} data-testid="dialog-submit">
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
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
  return (
    <Dialog
      variant="dialog"
      wide
      title={title}
      onClose={onClose}
      testId={testId}
      actions={
        <Button variant="primary" onClick={onClose}>
          {t('admin.common.close')}
        </Button>
      }
    >
      {children}
    </Dialog>
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
