import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES, type UploadResult } from '@kestrel/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage, useImageUrl } from '../../api/uploads';
import { showNotice } from '../../components/notice/noticeStore';
import { Spinner } from '../../components/Spinner';
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
