import type { ReviewStatus } from '@kestrel/contract';
import { ConfirmDialog, Spinner } from '@kestrel/ui';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import styles from './PayoutAccounts.module.css';
import { ReviewStatusChip } from './ReviewStatusChip';

/** What every payout account shows besides its own fields: its review and whether it was refused. */
type PayoutAccount = { id: number; status: ReviewStatus; rejectionReason: string | null };

type Props<A extends PayoutAccount> = {
  accounts: UseQueryResult<{ items: A[] }>;
  remove: UseMutationResult<unknown, Error, number>;
  /** The catalogue section of the kind: its statuses, refusal reason and deletion texts. */
  text: 'bankCards' | 'cryptoWallets';
  testIds: { item: string; delete: string; deleteDialog: string };
  /** The account's name in its head line, beside its status. */
  title: (account: A) => ReactNode;
  /** The kind's own lines under the head (a masked card number, an address). */
  details: (account: A) => ReactNode;
};

/**
 * The user's bank cards or crypto wallets, each with its review status and the reason of a refusal, and a delete
 * that asks first: what both payout-account screens list.
 */
export function PayoutAccountList<A extends PayoutAccount>({
  accounts,
  remove,
  text,
  testIds,
  title,
  details,
}: Props<A>) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<A | null>(null);
  const items = accounts.data?.items ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showNotice({ tone: 'positive', message: t(`${text}.deleted`) }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      {accounts.isPending ? (
        <div className={styles.empty} role="status" aria-label={t('common.loading')}>
          <Spinner />
        </div>
      ) : accounts.isError ? (
        <ErrorState message={t('notice.network')} onRetry={() => accounts.refetch()} />
      ) : items.length === 0 ? (
        <p className={styles.empty}>{t('common.noData')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((account) => (
            <li
              key={account.id}
              className={styles.item}
              data-testid={testIds.item}
              data-id={account.id}
              data-status={account.status}
            >
              <div className={styles.itemHead}>
                {title(account)}
                <ReviewStatusChip status={account.status} label={t(`${text}.status.${account.status}`)} />
              </div>
              {details(account)}
              {account.status === 'rejected' && account.rejectionReason ? (
                <p className={styles.reason}>
                  {t(`${text}.rejectionReason`, { reason: account.rejectionReason })}
                </p>
              ) : null}
              <div className={styles.itemActions}>
                <button
                  type="button"
                  className={styles.delete}
                  onClick={() => setDeleting(account)}
                  data-testid={testIds.delete}
                >
                  {t(`${text}.delete`)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t(`${text}.deleteTitle`)}
        body={t(`${text}.deleteBody`)}
        confirmLabel={t(`${text}.delete`)}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
        testId={testIds.deleteDialog}
      />
    </>
  );
}
