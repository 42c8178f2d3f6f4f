import { useState } from 'react';
import { useImageUrl } from '../api/uploads';
import styles from './Avatar.module.css';

type Props = { src: string | null; name: string; size?: number };

/** The user's picture, or the first letter of their name on a coloured circle when there is none. */
export function Avatar({ src, name, size = 56 }: Props) {
  const image = useImageUrl(src);
  // Remembered per address, so that a new picture gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  const dimension = { inlineSize: size, blockSize: size, fontSize: size * 0.42 };
  if (image.src && !image.failed && failedSrc !== image.src) {
    return (
      <img
        className={styles.avatar}
        style={dimension}
        src={image.src}
        alt=""
        onError={() => setFailedSrc(image.src)}
      />
    );
  }
  return (
    <span className={[styles.avatar, styles.initial].join(' ')} style={dimension} aria-hidden>
      {initial}
    </span>
  );
}
