import { UPLOAD_ACCEPTED_TYPES, type UploadPurpose, type UploadResult } from '@kestrel/contract';
import { Spinner } from '@kestrel/ui';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useImagePick } from '../lib/useImagePick';
import styles from './ImagePicker.module.css';

type Props = {
  /** What the picture is for, which decides who may open it (see the uploads module). */
  purpose: UploadPurpose;
  /** The tile's name: above it, or under it as a caption for a row of tiles (a document's two sides). */
  label: string;
  labelBelow?: boolean;
  /** Under the tile while there is no error. */
  hint?: string;
  /**
   * The tile's proportions: an identity card's (`card`), or a band of a tall phone screenshot showing its top,
   * where wallets and banks print addresses and amounts (`screenshot`).
   */
  shape: 'card' | 'screenshot';
  /** The placeholder's and the replace badge's words. */
  chooseText: string;
  replaceText: string;
  value: UploadResult | null;
  onChange: (upload: UploadResult) => void;
  onUploadingChange: (uploading: boolean) => void;
  error: string | undefined;
  testId: string;
};

/**
 * One picture to upload: chosen (or taken), uploaded at once, and shown; tapping it again replaces it. The whole
 * tile is the file input, so a tap, the keyboard and a test's setInputFiles all work.
 */
export function ImagePicker({
  purpose,
  label,
  labelBelow = false,
  hint,
  shape,
  chooseText,
  replaceText,
  value,
  onChange,
  onUploadingChange,
  error,
  testId,
}: Props) {
  const { t } = useTranslation();
  const messageId = useId();
  const { choose, uploading, shown, state } = useImagePick({ purpose, value, onChange, onUploadingChange });
  // A picture on its way answers "missing" already.
  const shownError = uploading ? undefined : error;
  const message = shownError ?? hint;
  const name = <span className={labelBelow ? styles.caption : styles.label}>{label}</span>;

  return (
    <div className={styles.picker}>
      {labelBelow ? null : name}
      <label
        className={styles.tile}
        data-shape={shape}
        data-state={state}
        data-invalid={shownError ? true : undefined}
      >
        <input
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          className={styles.input}
          onChange={choose}
          disabled={uploading}
          aria-label={label}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          data-testid={testId}
        />
        {shown ? (
          <img src={shown} alt="" className={styles.preview} />
        ) : (
          <span className={styles.placeholder}>
            <ImagePlus size={28} aria-hidden />
            <span>{chooseText}</span>
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
            {replaceText}
          </span>
        ) : null}
      </label>
      {labelBelow ? name : null}
      {message ? (
        <p
          id={messageId}
          className={shownError ? styles.error : styles.hint}
          role={shownError ? 'alert' : undefined}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
