import { Button, Dialog } from '@kestrel/ui';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import styles from './AvatarCropper.module.css';

/** The preview's side in CSS pixels, and the side of the square image that is uploaded. */
const VIEW = 248;
const OUTPUT = 512;
const MAX_ZOOM = 4;

type Offset = { x: number; y: number };

/** How the picture sits in the square: scaled to cover it at zoom 1, moved by `offset` from the centre. */
function placement(image: { width: number; height: number }, zoom: number, offset: Offset, side: number) {
  const scale = Math.max(side / image.width, side / image.height) * zoom;
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: (side - width) / 2 + offset.x, y: (side - height) / 2 + offset.y, width, height };
}

/** Keeps the picture covering the whole square, so the avatar never shows an empty edge. */
function clampOffset(image: { width: number; height: number }, zoom: number, offset: Offset): Offset {
  const scale = Math.max(VIEW / image.width, VIEW / image.height) * zoom;
  const slackX = (image.width * scale - VIEW) / 2;
  const slackY = (image.height * scale - VIEW) / 2;
  return {
    x: Math.min(slackX, Math.max(-slackX, offset.x)),
    y: Math.min(slackY, Math.max(-slackY, offset.y)),
  };
}

type Props = {
  file: Blob | null;
  onCancel: () => void;
  onCropped: (image: Blob) => void;
  busy: boolean;
};

/**
 * A square crop of the chosen photo: drag to move, slider to zoom, drawn on a <canvas>. The browser decodes the
 * photo (and applies its EXIF rotation); the server still checks and re-encodes what it receives.
 */
export function AvatarCropper({ file, onCancel, onCropped, busy }: Props) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<ImageBitmap | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointer: number; start: Offset; origin: Offset } | null>(null);

  useEffect(() => {
    if (!file) return;
    let bitmap: ImageBitmap | null = null;
    let cancelled = false;
    createImageBitmap(file)
      .then((decoded) => {
        if (cancelled) decoded.close();
        else {
          bitmap = decoded;
          setImage(decoded);
          setZoom(1);
          setOffset({ x: 0, y: 0 });
        }
      })
      .catch(() => setImage(null));
    return () => {
      cancelled = true;
      bitmap?.close();
      setImage(null);
    };
  }, [file]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !image) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = VIEW * ratio;
    canvas.height = VIEW * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, VIEW, VIEW);
    const at = placement(image, zoom, offset, VIEW);
    context.drawImage(image, at.x, at.y, at.width, at.height);
  }, [image, zoom, offset]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointer: event.pointerId,
      start: { x: event.clientX, y: event.clientY },
      origin: offset,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId || !image) return;
    setOffset(
      clampOffset(image, zoom, {
        x: current.origin.x + event.clientX - current.start.x,
        y: current.origin.y + event.clientY - current.start.y,
      }),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };

  const changeZoom = (next: number) => {
    setZoom(next);
    if (image) setOffset((current) => clampOffset(image, next, current));
  };

  const crop = () => {
    if (!image) return;
    const output = document.createElement('canvas');
    output.width = OUTPUT;
    output.height = OUTPUT;
    const context = output.getContext('2d');
    if (!context) return;
    const factor = OUTPUT / VIEW;
    const at = placement(image, zoom, { x: offset.x * factor, y: offset.y * factor }, OUTPUT);
    context.drawImage(image, at.x, at.y, at.width, at.height);
    output.toBlob((blob) => blob && onCropped(blob), 'image/jpeg', 0.9);
  };

  return (
    <Dialog
      open={file !== null}
      onClose={onCancel}
      title={t('profile.cropTitle')}
      closeLabel={t('common.close')}
      testId={TestId.profileCropper}
      actions={
        <Button block onClick={crop} loading={busy} disabled={!image} data-testid={TestId.profileCropConfirm}>
          {busy ? t('uploads.uploading') : t('profile.usePhoto')}
        </Button>
      }
    >
      <div className={styles.body}>
        <div className={styles.frame} style={{ inlineSize: VIEW, blockSize: VIEW }}>
          <canvas
            ref={canvasRef}
            className={styles.canvas}
            style={{ inlineSize: VIEW, blockSize: VIEW }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            aria-label={t('profile.cropHint')}
            role="img"
          />
          <div className={styles.mask} aria-hidden />
        </div>
        <p className={styles.hint}>{t('profile.cropHint')}</p>
        <label className={styles.zoom}>
          <span>{t('profile.zoom')}</span>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={zoom}
            onChange={(event) => changeZoom(Number(event.target.value))}
          />
        </label>
      </div>
    </Dialog>
  );
}
