import type { BankAccountDetails } from '@kestrel/contract';
import { Copy, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { useCopy } from '../../components/notice/useCopy';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { rechargePath } from './chargePath';
import styles from './Deposit.module.css';
import { DepositForm } from './DepositForm';
import { DepositRecordsSheet } from './DepositRecordsSheet';
import { useBankTransferQuery } from './queries';
import { RecordsButton } from './RecordsButton';

type Field = 'bankName' | 'accountName' | 'accountNumber' | 'routingCode' | 'reference';

/** One detail the user types into their bank's transfer form, with a copy button. */
function BankField({ field, label, value }: { field: Field; label: string; value: string }) {
  const { t } = useTranslation();
  const copyWithNotice = useCopy();
  const copy = () => copyWithNotice(value);
  return (
    <div className={styles.bankField} data-field={field}>
      <div>
        <dt>{label}</dt>
        <dd>
          <bdi dir={field === 'bankName' || field === 'accountName' ? 'auto' : 'ltr'}>
            <span data-testid={TestId.depositBankField(field)}>{value}</span>
          </bdi>
        </dd>
      </div>
      <button
        type="button"
        className={styles.copy}
        onClick={copy}
        aria-label={`${t('deposit.copy')} ${label}`}
        data-testid={TestId.depositBankCopy(field)}
      >
        <Copy size={16} aria-hidden />
        {t('deposit.copy')}
      </button>
    </div>
  );
}

/** The platform's bank account for the asset and the user's reference, each ready to copy. */
function BankAccountCard({ account, reference }: { account: BankAccountDetails; reference: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('deposit.bankAccount')} data-testid={TestId.depositBankAccount}>
      <dl className={styles.bankCard}>
        <BankField field="bankName" label={t('deposit.bankName')} value={account.bankName} />
        <BankField field="accountName" label={t('deposit.accountName')} value={account.accountName} />
        <BankField field="accountNumber" label={t('deposit.accountNumber')} value={account.accountNumber} />
        <BankField field="routingCode" label={t('deposit.routingCode')} value={account.routingCode} />
        <BankField field="reference" label={t('deposit.reference')} value={reference} />
      </dl>
    </section>
  );
}

/**
 * /user/wallet/charge2?asset=USDT: the bank transfer. The platform's bank account for the asset and the user's
 * own reference to quote, then the amount transferred, the wallet type and the bank's receipt. The deposit is
 * reviewed in the same queue as crypto deposits. An asset without an open bank account sends the user back to
 * the recharge screen, which says bank transfers are not available yet.
 */
export function BankChargeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const assetCode = params.get('asset') ?? '';
  const bank = useBankTransferQuery();
  const [recordsOpen, setRecordsOpen] = useState(false);
  useDocumentTitle(t('deposit.bankChargeTitle', { asset: assetCode }));
  const backTo = rechargePath('bank');

  const account = bank.data?.accounts.find((each) => each.asset === assetCode);
  if (bank.data && !account) return <Navigate to={backTo} replace />;

  return (
    <div className={styles.screen}>
      <TopBar
        title={t('deposit.bankChargeTitle', { asset: assetCode })}
        backTo={backTo}
        end={<RecordsButton onClick={() => setRecordsOpen(true)} />}
      />
      <main className={styles.main}>
        {bank.isError ? (
          <ErrorState message={bank.error.message} onRetry={() => void bank.refetch()} />
        ) : !bank.data || !account ? (
          <LoadingState />
        ) : (
          <>
            <BankAccountCard account={account} reference={bank.data.reference} />
            <p className={styles.warning}>{t('deposit.referenceNote')}</p>
            <DepositForm asset={account.asset} destination={{ method: 'bank', currency: account.currency }} />
            <p className={styles.note}>
              <Info size={16} aria-hidden />
              <span>{t('deposit.bankNote', { asset: account.asset })}</span>
            </p>
          </>
        )}
      </main>
      <DepositRecordsSheet open={recordsOpen} onClose={() => setRecordsOpen(false)} />
    </div>
  );
}
