import { Spinner, TextField, type TextFieldProps } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import styles from './CodeField.module.css';

type Props = Omit<TextFieldProps, 'trailing' | 'type' | 'inputMode'> & {
  onSend: () => void;
  sending: boolean;
  /** Seconds until another code may be asked for; 0 allows sending. */
  resendIn: number;
  sendTestId?: string;
};

/** The verification code input with its "Send code" button and resend countdown. */
export function CodeField({ onSend, sending, resendIn, sendTestId, ...field }: Props) {
  const { t } = useTranslation();
  const waiting = resendIn > 0;
  return (
    <TextField
      {...field}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      trailing={
        <button
          type="button"
          className={styles.send}
          onClick={onSend}
          disabled={sending || waiting}
          aria-busy={sending || undefined}
          data-testid={sendTestId}
        >
          {sending ? <Spinner size={16} /> : null}
          <span aria-live="polite">
            {waiting ? t('auth.resendIn', { seconds: resendIn }) : t('auth.sendCode')}
          </span>
        </button>
      }
    />
  );
}
