import { UPLOAD_ACCEPTED_TYPES, type UploadResult } from '@kestrel/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useImagePick } from '../../lib/useImagePick';
import styles from './ScreenshotPicker.module.css';

type Props = {
  label: string;
  hint: string;
  value: UploadResult | null;
  onChange: (upload: UploadResult) => void;
  onUploadingChange: (uploading: boolean) => void;
  error: string | undefined;
  testId: string;
};

/**
 * The wallet screenshot: chosen, uploaded at once as a payment_proof (the purpose reviewers may open), and
 * shown; tapping it again replaces it. The whole tile is the file input.
 */
export function ScreenshotPicker({ label, hint, value, onChange, onUploadingChange, error, testId }: Props) {
  const { t } = useTranslation();
  const messageId = useId();
  const { choose, uploading, shown, state } = useImagePick({
    purpose: 'payment_proof',
    value,
    onChange,
    onUploadingChange,
  });
  // A picture on its way answers "missing" already.
  const shownError = uploading ? undefined : error;

  return (
    <div className={styles.picker}>
      <span className={styles.label}>{label}</span>
      <label className={styles.tile} data-state={state} data-invalid={shownError ? true : undefined}>
        <input
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          className={styles.input}
          onChange={choose}
          disabled={uploading}
          aria-label={label}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={messageId}
          data-testid={testId}
        />
        {shown ? (
          <img src={shown} alt="" className={styles.preview} />
        ) : (
          <span className={styles.placeholder}>
            <ImagePlus size={28} aria-hidden />
            <span>{t('cryptoWallets.upload')}</span>
          </span>
        )}
        {uploading ? (
          <span className={styles.overlay} role="status">
            <Spinner size={22} />
            <span>{t('uploads.uploading')}</span>
          </span>
        ) : shown ? (
          <span className={styles.replace} aria-hidden>
            <RefreshCw size={14} />
            {t('cryptoWallets.replace')}
          </span>
        ) : null}
      </label>
      <p
        id={messageId}
        className={shownError ? styles.error : styles.hint}
        role={shownError ? 'alert' : undefined}
      >
        {shownError ?? hint}
      </p>
    </div>
  );
}
