import { CHAIN_LABELS } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { ChevronRight, CreditCard, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BANK_CARDS_PATH, BIND_WALLET_PATH, MINE_PATH } from '../../app/paths';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { PayoutAccountList } from '../bank-cards/PayoutAccountList';
import styles from '../bank-cards/PayoutAccounts.module.css';
import { useBankCardsQuery } from '../bank-cards/queries';
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
  useDocumentTitle(t('cryptoWallets.title'));

  const items = wallets.data?.items ?? [];
  const limit = wallets.data?.limit;
  const full = limit !== undefined && items.length >= limit;
  const cardItems = cards.data?.items ?? [];

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
        <PayoutAccountList
          accounts={wallets}
          remove={remove}
          text="cryptoWallets"
          testIds={{
            item: TestId.cryptoWalletItem,
            delete: TestId.cryptoWalletDelete,
            deleteDialog: TestId.cryptoWalletDeleteDialog,
          }}
          title={(wallet) => (
            <span className={styles.itemTitle}>
              {CHAIN_LABELS[wallet.chain]} · {t(`cryptoWallets.walletTypes.${wallet.walletType}`)}
            </span>
          )}
          details={(wallet) => (
            <bdi className={styles.address} dir="ltr">
              {wallet.address}
            </bdi>
          )}
        />
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
    </div>
  );
}
