import type { UserAccount } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import styles from './AssetsScreen.module.css';

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Colours of the accounts, in the order they are drawn. */
export const ACCOUNT_COLOURS: Record<UserAccount, string> = {
  spot: 'var(--accent)',
  futures: 'var(--positive)',
};

type Props = { shares: readonly { key: UserAccount; basisPoints: number }[] };

/**
 * The split of the valued total between the accounts, drawn by hand: one stroked circle per account, each
 * dashed to its share and rotated to start where the previous one ended. No chart library for two arcs.
 */
export function AllocationDonut({ shares }: Props) {
  const { t } = useTranslation();
  const drawn = shares.filter((share) => share.basisPoints > 0);
  let offset = 0;
  return (
    <svg
      viewBox="0 0 100 100"
      className={styles.donut}
      role="img"
      aria-label={t('assets.allocation')}
      data-testid={TestId.assetsChart}
    >
      <circle cx="50" cy="50" r={RADIUS} className={styles.donutTrack} />
      {drawn.map((share) => {
        const length = (share.basisPoints / 10_000) * CIRCUMFERENCE;
        const start = offset;
        offset += length;
        return (
          <circle
            key={share.key}
            cx="50"
            cy="50"
            r={RADIUS}
            className={styles.donutArc}
            stroke={ACCOUNT_COLOURS[share.key]}
            strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
            strokeDashoffset={-start}
          />
        );
      })}
    </svg>
  );
}
