import { Button } from '@kestrel/ui';
import { ImageOff, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Review.module.css';
import { ReviewTestId } from './testIds';
import { useUploadImage } from './useUploadImage';

export type ReviewImageSource = {
  /** Stable within the item (`front`, `back`): names the test id. */
  name: string;
  label: string;
  url: string;
};

/** One uploaded image, large, with its caption; a click opens it full size. */
export function ReviewImage({ name, label, url }: ReviewImageSource) {
  const { t } = useTranslation();
  const image = useUploadImage(url);
  const [open, setOpen] = useState(false);

  return (
    <>
      <figure className={styles.figure} data-testid={ReviewTestId.image(name)} data-state={image.state}>
        {image.state === 'shown' ? (
          <button
            type="button"
            className={styles.imageButton}
            onClick={() => setOpen(true)}
            aria-label={t('admin.review.openImage', { name: label })}
          >
            <img className={styles.image} src={image.src} alt={label} />
          </button>
        ) : (
          <div
            className={styles.imagePlaceholder}
            data-testid={image.state === 'failed' ? ReviewTestId.imageError : undefined}
          >
            {image.state === 'failed' ? (
              <>
                <ImageOff size={28} aria-hidden />
                {t('admin.review.imageFailed')}
              </>
            ) : (
              t('admin.common.loading')
            )}
          </div>
        )}
        <figcaption className={styles.caption}>{label}</figcaption>
      </figure>
      {open && image.state === 'shown' ? (
        <FullImage src={image.src} label={label} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** The image in a modal, fitted to the window; a click shows it at its own size to read fine print. */
function FullImage({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [actualSize, setActualSize] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.viewer}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={ReviewTestId.imageDialog}
    >
      <header className={styles.viewerHeader}>
        <h2 id={titleId} className={styles.viewerTitle}>
          {label}
        </h2>
        <Button variant="ghost" onClick={() => setActualSize((value) => !value)}>
          {actualSize ? <ZoomOut size={16} aria-hidden /> : <ZoomIn size={16} aria-hidden />}
          {actualSize ? t('admin.review.fitImage') : t('admin.review.actualSize')}
        </Button>
        <Button variant="primary" onClick={onClose}>
          {t('admin.common.close')}
        </Button>
      </header>
      <div className={styles.viewerBody}>
        <button
          type="button"
          className={`${styles.viewerImageButton} ${actualSize ? styles.actual : ''}`}
          onClick={() => setActualSize((value) => !value)}
          aria-label={actualSize ? t('admin.review.fitImage') : t('admin.review.actualSize')}
        >
          <img src={src} alt={label} />
        </button>
      </div>
    </dialog>
  );
}
