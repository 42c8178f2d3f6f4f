import { CHAIN_LABELS, type WithdrawalView } from '@kestrel/contract';
import { formatQuantity } from '@kestrel/money';
import { Button, Dialog, Spinner } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useLanguage } from '../../i18n/useLanguage';
import { TestId } from '../../testIds';
import { CoinBadge } from '../deposit/CoinBadge';
import { fullTime } from '../inbox/messageTime';
import { useWithdrawalRecordsQuery } from './queries';
import styles from './Withdraw.module.css';

function WithdrawalRecord({ withdrawal }: { withdrawal: WithdrawalView }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const where = withdrawal.chain
    ? CHAIN_LABELS[withdrawal.chain]
    : `${withdrawal.bankName ?? t('withdraw.bankCard')} ${withdrawal.destination}`;
  return (
    <li className={styles.record} data-testid={TestId.withdrawRecord} data-status={withdrawal.status}>
      <CoinBadge asset={withdrawal.asset} size={32} />
      <div className={styles.recordMain}>
        <span className={styles.recordAmount}>
          <bdi dir="ltr">
            {formatQuantity(withdrawal.amount, language)} {withdrawal.asset}
          </bdi>
        </span>
        <span className={styles.recordMeta}>
          {where} · {fullTime(withdrawal.submittedAt, language)}
        </span>
        <span className={styles.recordMeta}>
          {t('withdraw.received')}:{' '}
          <bdi dir="ltr">
            {formatQuantity(withdrawal.received, language)} {withdrawal.asset}
          </bdi>
        </span>
        {withdrawal.payoutReference ? (
          <span className={styles.recordReference}>
            {t('withdraw.reference', { reference: withdrawal.payoutReference })}
          </span>
        ) : null}
        {withdrawal.status === 'fail' && withdrawal.rejectionReason ? (
          <span className={styles.recordReason}>
            {t('withdraw.failed')} · {t('withdraw.reason', { reason: withdrawal.rejectionReason })}
          </span>
        ) : null}
      </div>
      <span
        className={styles.status}
        data-status={withdrawal.status}
        data-testid={TestId.withdrawRecordStatus}
      >
        {t(`withdraw.statuses.${withdrawal.status}`)}
      </span>
    </li>
  );
}

/** The user's withdrawals with their status (processing, completed, fail), newest first, opened from the header. */
export function WithdrawRecordsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const records = useWithdrawalRecordsQuery(open);
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('withdraw.records')}
      closeLabel={t('common.close')}
      testId={TestId.withdrawRecords}
    >
      {records.isError ? (
        <ErrorState message={records.error.message} onRetry={() => void records.refetch()} />
      ) : records.isPending ? (
        <div className={styles.sheetLoading}>
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className={styles.empty} data-testid={TestId.withdrawRecordsEmpty}>
          {t('common.noData')}
        </p>
      ) : (
        <>
          <ul className={styles.records}>
            {items.map((withdrawal) => (
              <WithdrawalRecord key={withdrawal.id} withdrawal={withdrawal} />
            ))}
          </ul>
          {records.hasNextPage ? (
            <Button
              variant="secondary"
              block
              loading={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {t('withdraw.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
