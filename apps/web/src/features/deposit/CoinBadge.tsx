import styles from './Deposit.module.css';

/** A coin's mark: its first letter on a colour of its own, the same colour for the same coin everywhere. */
export function CoinBadge({ asset, size = 36 }: { asset: string; size?: number }) {
  let hash = 0;
  for (const char of asset) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return (
    <span
      className={styles.coin}
      style={{ inlineSize: size, blockSize: size, background: `hsl(${hash} 55% 42%)` }}
      aria-hidden
    >
      {asset.slice(0, 1)}
    </span>
  );
}
