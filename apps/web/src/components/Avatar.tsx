import { useState } from 'react';
import styles from './Avatar.module.css';

type Props = { src: string | null; name: string; size?: number };

/** The user's picture, or the first letter of their name on a coloured circle when there is none. */
export function Avatar({ src, name, size = 56 }: Props) {
  const [failed, setFailed] = useState(false);
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  const dimension = { inlineSize: size, blockSize: size, fontSize: size * 0.42 };
  if (src && !failed) {
    return (
      <img className={styles.avatar} style={dimension} src={src} alt="" onError={() => setFailed(true)} />
    );
  }
  return (
    <span className={[styles.avatar, styles.initial].join(' ')} style={dimension} aria-hidden>
      {initial}
    </span>
  );
}
