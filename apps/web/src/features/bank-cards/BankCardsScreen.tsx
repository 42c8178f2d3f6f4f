import { Button } from '@kestrel/ui';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_MANAGE_PATH } from '../../app/paths';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { BankCardForm } from './BankCardForm';
import { PayoutAccountList } from './PayoutAccountList';
import styles from './PayoutAccounts.module.css';
import { useBankCardsQuery, useDeleteBankCardMutation } from './queries';

/** /user/wallet/Bank: the user's bank cards with their review status, binding a new one, deleting one. */
export function BankCardsScreen() {
  const { t } = useTranslation();
  const cards = useBankCardsQuery();
  const remove = useDeleteBankCardMutation();
  const [adding, setAdding] = useState(false);
  useDocumentTitle(t('bankCards.title'));

  const items = cards.data?.items ?? [];
  const limit = cards.data?.limit;
  const full = limit !== undefined && items.length >= limit;

  return (
    <div className={styles.screen}>
      <TopBar title={t('bankCards.title')} backTo={WITHDRAWAL_MANAGE_PATH} />
      <main className={styles.main}>
        <p className={styles.intro}>{t('bankCards.intro')}</p>
        <PayoutAccountList
          accounts={cards}
          remove={remove}
          text="bankCards"
          testIds={{
            item: TestId.bankCardItem,
            delete: TestId.bankCardDelete,
            deleteDialog: TestId.bankCardDeleteDialog,
          }}
          title={(card) => <bdi className={styles.itemTitle}>{card.bankName}</bdi>}
          details={(card) => (
            <>
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
            </>
          )}
        />

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
    </div>
  );
}
