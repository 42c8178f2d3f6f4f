import type { BankCardView } from '@kestrel/contract';
import { Button, ConfirmDialog, Spinner } from '@kestrel/ui';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_MANAGE_PATH } from '../../app/paths';
import { ErrorState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { BankCardForm } from './BankCardForm';
import styles from './PayoutAccounts.module.css';
import { useBankCardsQuery, useDeleteBankCardMutation } from './queries';
import { ReviewStatusChip } from './ReviewStatusChip';

/** /user/wallet/Bank: the user's bank cards with their review status, binding a new one, deleting one. */
export function BankCardsScreen() {
  const { t } = useTranslation();
  const cards = useBankCardsQuery();
  const remove = useDeleteBankCardMutation();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<BankCardView | null>(null);
  useDocumentTitle(t('bankCards.title'));

  const items = cards.data?.items ?? [];
  const limit = cards.data?.limit;
  const full = limit !== undefined && items.length >= limit;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showNotice({ tone: 'positive', message: t('bankCards.deleted') }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className={styles.screen}>
      <TopBar title={t('bankCards.title')} backTo={WITHDRAWAL_MANAGE_PATH} />
      <main className={styles.main}>
        <p className={styles.intro}>{t('bankCards.intro')}</p>
        {cards.isPending ? (
          <div className={styles.empty} role="status" aria-label={t('common.loading')}>
            <Spinner />
          </div>
        ) : cards.isError ? (
          <ErrorState message={t('notice.network')} onRetry={() => cards.refetch()} />
        ) : items.length === 0 ? (
          <p className={styles.empty}>{t('common.noData')}</p>
        ) : (
          <ul className={styles.list}>
            {items.map((card) => (
              <li
                key={card.id}
                className={styles.item}
                data-testid={TestId.bankCardItem}
                data-id={card.id}
                data-status={card.status}
              >
                <div className={styles.itemHead}>
                  <bdi className={styles.itemTitle}>{card.bankName}</bdi>
                  <ReviewStatusChip status={card.status} label={t(`bankCards.status.${card.status}`)} />
                </div>
                <bdi className={styles.number} dir="ltr">
                  {card.cardNumberMasked}
                </bdi>
                <span className={styles.meta}>
                  <bdi>{card.cardholder}</bdi>
                  {card.routingCode ? (
                    <>
                      {' · '}
                      <bdi dir="ltr">{card.routingCode}</bdi>
                    </>
                  ) : null}
                </span>
                {card.status === 'rejected' && card.rejectionReason ? (
                  <p className={styles.reason}>
                    {t('bankCards.rejectionReason', { reason: card.rejectionReason })}
                  </p>
                ) : null}
                <div className={styles.itemActions}>
                  <button
                    type="button"
                    className={styles.delete}
                    onClick={() => setDeleting(card)}
                    data-testid={TestId.bankCardDelete}
                  >
                    {t('bankCards.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}

        {adding ? (
          <BankCardForm onBound={() => setAdding(false)} />
        ) : cards.data ? (
          <>
            <Button
              block
              variant="secondary"
              icon={<Plus size={18} aria-hidden />}
              disabled={full}
              onClick={() => setAdding(true)}
              data-testid={TestId.bankCardAdd}
            >
              {t('bankCards.add')}
            </Button>
            <p className={styles.hint}>{t('bankCards.limitHint', { limit })}</p>
          </>
        ) : null}
      </main>
      <ConfirmDialog
        open={deleting !== null}
        title={t('bankCards.deleteTitle')}
        body={t('bankCards.deleteBody')}
        confirmLabel={t('bankCards.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
        testId={TestId.bankCardDeleteDialog}
      />
    </div>
  );
}
