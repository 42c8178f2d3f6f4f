import { UPLOAD_ACCEPTED_TYPES, type UploadResult } from '@kestrel/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useImagePick } from '../../lib/useImagePick';
import { TestId } from '../../testIds';
import styles from './CredentialPicker.module.css';

type Props = {
  value: UploadResult | null;
  onChange: (upload: UploadResult) => void;
  onUploadingChange: (uploading: boolean) => void;
  error: string | undefined;
};

/**
 * The transfer credential: a screenshot of the transfer, uploaded as soon as it is chosen (purpose
 * payment_proof). The whole tile is the file input, so a tap, the keyboard and a test's setInputFiles all work.
 */
export function CredentialPicker({ value, onChange, onUploadingChange, error }: Props) {
  const { t } = useTranslation();
  const errorId = useId();
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
      <span className={styles.label}>{t('deposit.credential')}</span>
      <label className={styles.tile} data-state={state} data-invalid={shownError ? true : undefined}>
        <input
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          className={styles.input}
          onChange={choose}
          disabled={uploading}
          aria-label={t('deposit.credential')}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          data-testid={TestId.depositCredentialInput}
        />
        {shown ? (
          <img src={shown} alt="" className={styles.preview} />
        ) : (
          <span className={styles.placeholder}>
            <ImagePlus size={28} aria-hidden />
            <span>{t('deposit.upload')}</span>
            <span className={styles.hint}>{t('deposit.credentialHint')}</span>
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
            {t('deposit.replace')}
          </span>
        ) : null}
      </label>
      {shownError ? (
        <p id={errorId} className={styles.error} role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
