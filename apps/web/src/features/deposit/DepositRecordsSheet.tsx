import { CHAIN_LABELS, type DepositView } from '@kestrel/contract';
import { formatQuantity } from '@kestrel/money';
import { Button, Dialog, Spinner } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useLanguage } from '../../i18n/useLanguage';
import { TestId } from '../../testIds';
import { fullTime } from '../inbox/messageTime';
import { CoinBadge } from './CoinBadge';
import styles from './Deposit.module.css';
import { useDepositRecordsQuery } from './queries';

function DepositRecord({ deposit }: { deposit: DepositView }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <li className={styles.record} data-testid={TestId.depositRecord} data-status={deposit.status}>
      <CoinBadge asset={deposit.asset} size={32} />
      <div className={styles.recordMain}>
        <span className={styles.recordAmount}>
          <bdi dir="ltr">
            {formatQuantity(deposit.amount, language)} {deposit.asset}
          </bdi>
        </span>
        <span className={styles.recordMeta}>
          {deposit.chain ? CHAIN_LABELS[deposit.chain] : t('deposit.types.bank')} ·{' '}
          {fullTime(deposit.submittedAt, language)}
        </span>
        {deposit.status === 'fail' && deposit.rejectionReason ? (
          <span className={styles.recordReason}>
            {t('deposit.reason', { reason: deposit.rejectionReason })}
          </span>
        ) : null}
      </div>
      <span className={styles.status} data-status={deposit.status} data-testid={TestId.depositRecordStatus}>
        {t(`deposit.statuses.${deposit.status}`)}
      </span>
    </li>
  );
}

/** The user's deposits with their status (processing, completed, fail), newest first, opened from the header. */
export function DepositRecordsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const records = useDepositRecordsQuery(open);
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('deposit.records')}
      closeLabel={t('common.close')}
      testId={TestId.depositRecords}
    >
      {records.isError ? (
        <ErrorState message={records.error.message} onRetry={() => void records.refetch()} />
      ) : records.isPending ? (
        <div className={styles.sheetLoading}>
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className={styles.empty} data-testid={TestId.depositRecordsEmpty}>
          {t('common.noData')}
        </p>
      ) : (
        <>
          <ul className={styles.records}>
            {items.map((deposit) => (
              <DepositRecord key={deposit.id} deposit={deposit} />
            ))}
          </ul>
          {records.hasNextPage ? (
            <Button
              variant="secondary"
              block
              loading={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {t('deposit.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
