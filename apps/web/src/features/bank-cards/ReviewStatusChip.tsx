import type { ReviewStatus } from '@kestrel/contract';
import styles from './PayoutAccounts.module.css';

/** A card's or wallet's review status: pending review, bound, or rejected. The label comes translated. */
export function ReviewStatusChip({
  status,
  label,
  testId,
}: {
  status: ReviewStatus;
  label: string;
  testId?: string;
}) {
  return (
    <span className={styles.chip} data-status={status} data-testid={testId}>
      {label}
    </span>
  );
}
