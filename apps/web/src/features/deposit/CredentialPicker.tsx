import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES, type UploadResult } from '@kestrel/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage, useImageUrl } from '../../api/uploads';
import { showNotice } from '../../components/notice/noticeStore';
import { Spinner } from '../../components/Spinner';
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
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const stored = useImageUrl(value?.url ?? null);

  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same picture again after a failure tries again.
    event.target.value = '';
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      showNotice({ tone: 'negative', message: t('uploads.tooLarge') });
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setUploading(true);
    onUploadingChange(true);
    try {
      onChange(await uploadImage(file, 'payment_proof', file.name));
    } catch {
      // The request client has shown the server's reason; the tile goes back to what it held before.
      setLocalPreview(null);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  const shown = uploading ? localPreview : (stored.src ?? localPreview);
  const state = uploading ? 'uploading' : shown ? 'filled' : 'empty';
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
