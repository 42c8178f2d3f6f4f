import { CHAIN_LABELS, type CryptoWalletView } from '@kestrel/contract';
import { Button, ConfirmDialog, Spinner } from '@kestrel/ui';
import { ChevronRight, CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BANK_CARDS_PATH, BIND_WALLET_PATH, MINE_PATH } from '../../app/paths';
import { ErrorState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import styles from '../bank-cards/PayoutAccounts.module.css';
import { useBankCardsQuery } from '../bank-cards/queries';
import { ReviewStatusChip } from '../bank-cards/ReviewStatusChip';
import { useCryptoWalletsQuery, useDeleteCryptoWalletMutation } from './queries';

/**
 * /user/wallet/withdrawalManage: every place the user's withdrawals can go. Crypto wallets are listed here with
 * their review status; bank cards have their own screen, summarised in one row; binding a wallet opens
 * /user/wallet/bindWalletList.
 */
export function WithdrawalManageScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallets = useCryptoWalletsQuery();
  const cards = useBankCardsQuery();
  const remove = useDeleteCryptoWalletMutation();
  const [deleting, setDeleting] = useState<CryptoWalletView | null>(null);
  useDocumentTitle(t('cryptoWallets.title'));

  const items = wallets.data?.items ?? [];
  const limit = wallets.data?.limit;
  const full = limit !== undefined && items.length >= limit;
  const cardItems = cards.data?.items ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showNotice({ tone: 'positive', message: t('cryptoWallets.deleted') }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className={styles.screen}>
      <TopBar title={t('cryptoWallets.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        <p className={styles.intro}>{t('cryptoWallets.intro')}</p>

        <h2 className={styles.sectionTitle}>{t('cryptoWallets.bankCards')}</h2>
        <Link to={BANK_CARDS_PATH} className={styles.linkRow} data-testid={TestId.withdrawalManageBankCards}>
          <CreditCard size={20} aria-hidden />
          <span className={styles.linkText}>
            <span className={styles.itemTitle}>{t('cryptoWallets.manageBankCards')}</span>
            {cards.data ? (
              <span className={styles.meta}>
                {t('cryptoWallets.bankCardsSummary', {
                  approved: cardItems.filter((card) => card.status === 'approved').length,
                  pending: cardItems.filter((card) => card.status === 'pending').length,
                })}
              </span>
            ) : null}
          </span>
          <ChevronRight className="flip-rtl" size={18} aria-hidden />
        </Link>

        <h2 className={styles.sectionTitle}>{t('cryptoWallets.wallets')}</h2>
        {wallets.isPending ? (
          <div className={styles.empty} role="status" aria-label={t('common.loading')}>
            <Spinner />
          </div>
        ) : wallets.isError ? (
          <ErrorState message={t('notice.network')} onRetry={() => wallets.refetch()} />
        ) : items.length === 0 ? (
          <p className={styles.empty}>{t('common.noData')}</p>
        ) : (
          <ul className={styles.list}>
            {items.map((wallet) => (
              <li
                key={wallet.id}
                className={styles.item}
                data-testid={TestId.cryptoWalletItem}
                data-id={wallet.id}
                data-status={wallet.status}
              >
                <div className={styles.itemHead}>
                  <span className={styles.itemTitle}>
                    {CHAIN_LABELS[wallet.chain]} · {t(`cryptoWallets.walletTypes.${wallet.walletType}`)}
                  </span>
                  <ReviewStatusChip
                    status={wallet.status}
                    label={t(`cryptoWallets.status.${wallet.status}`)}
                  />
                </div>
                <bdi className={styles.address} dir="ltr">
                  {wallet.address}
                </bdi>
                {wallet.status === 'rejected' && wallet.rejectionReason ? (
                  <p className={styles.reason}>
                    {t('cryptoWallets.rejectionReason', { reason: wallet.rejectionReason })}
                  </p>
                ) : null}
                <div className={styles.itemActions}>
                  <button
                    type="button"
                    className={styles.delete}
                    onClick={() => setDeleting(wallet)}
                    data-testid={TestId.cryptoWalletDelete}
                  >
                    {t('cryptoWallets.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {wallets.data ? (
          <>
            <Button
              block
              icon={<Plus size={18} aria-hidden />}
              disabled={full}
              onClick={() => navigate(BIND_WALLET_PATH)}
              data-testid={TestId.withdrawalManageBind}
            >
              {t('cryptoWallets.add')}
            </Button>
            <p className={styles.hint}>{t('cryptoWallets.limitHint', { limit })}</p>
          </>
        ) : null}
      </main>
      <ConfirmDialog
        open={deleting !== null}
        title={t('cryptoWallets.deleteTitle')}
        body={t('cryptoWallets.deleteBody')}
        confirmLabel={t('cryptoWallets.delete')}
        cancelLabel={t('common.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
        testId={TestId.cryptoWalletDeleteDialog}
      />
    </div>
  );
}
