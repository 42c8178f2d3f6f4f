import styles from './Spinner.module.css';

/** A decorative spinner; the control it sits in carries aria-busy and the name. */
export function Spinner({ size = 20 }: { size?: number }) {
  return <span className={styles.spinner} style={{ inlineSize: size, blockSize: size }} aria-hidden />;
}
