import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES, type UploadResult } from '@kestrel/contract';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage, useImageUrl } from '../../api/uploads';
import { showNotice } from '../../components/notice/noticeStore';
import { Spinner } from '../../components/Spinner';
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
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const stored = useImageUrl(value?.url ?? null);

  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same photo again after a failure tries again.
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
      onChange(await uploadImage(file, 'identity', file.name));
    } catch {
      // The request client has shown the server's reason; the tile goes back to what it held before.
      setLocalPreview(null);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  // While uploading, the photo just chosen; after, the stored (re-encoded) image once it has loaded.
  const shown = uploading ? localPreview : (stored.src ?? localPreview);
  const state = uploading ? 'uploading' : shown ? 'filled' : 'empty';
  // A photo on its way answers "missing" already.
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
