import { UPLOAD_ACCEPTED_TYPES, type UploadResult } from '@kestrel/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useImagePick } from '../../lib/useImagePick';
import styles from './DocumentImagePicker.module.css';

type Props = {
  /** What the photo shows: front, back or photo page. */
  label: string;
  value: UploadResult | null;
  onChange: (upload: UploadResult) => void;
  onUploadingChange: (uploading: boolean) => void;
  error: string | undefined;
  testId: string;
};

/**
 * One document photo: choose (or take) a picture, which is uploaded at once; the tile shows it, and tapping it
 * again replaces it. The whole tile is the file input, so it works with a tap, the keyboard and a test's
 * setInputFiles alike.
 */
export function DocumentImagePicker({ label, value, onChange, onUploadingChange, error, testId }: Props) {
  const { t } = useTranslation();
  const errorId = useId();
  const { choose, uploading, shown, state } = useImagePick({
    purpose: 'identity',
    value,
    onChange,
    onUploadingChange,
  });
  // A picture on its way answers "missing" already.
  const shownError = uploading ? undefined : error;

  return (
    <div className={styles.picker}>
      <label className={styles.tile} data-state={state} data-invalid={shownError ? true : undefined}>
        <input
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          className={styles.input}
          onChange={choose}
          disabled={uploading}
          aria-label={label}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          data-testid={testId}
        />
        {shown ? (
          <img src={shown} alt="" className={styles.preview} />
        ) : (
          <span className={styles.placeholder}>
            <ImagePlus size={28} aria-hidden />
            <span>{t('identity.picker.choose')}</span>
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
            {t('identity.picker.replace')}
          </span>
        ) : null}
      </label>
      <span className={styles.caption}>{label}</span>
      {shownError ? (
        <p id={errorId} className={styles.error} role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
