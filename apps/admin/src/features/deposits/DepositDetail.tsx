import { type AdminDepositDetail, CHAIN_LABELS } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/admin';
import { mayOpen } from '../../app/sections';
import { pageStyles } from '../../components/Page';
import { useLocale } from '../../i18n/i18n';
import { ReviewDetailPage } from '../review/ReviewDetailPage';
import { CorrectAmountDialog } from './CorrectAmountDialog';
import styles from './Deposits.module.css';
import { DepositTestId } from './testIds';

/** One deposit: what the user declared beside their transfer credential, the amount to credit, the decision. */
export function DepositDetail() {
  const { t } = useTranslation();
  const { formatAmount } = useLocale();
  const me = useMe();
  const [correcting, setCorrecting] = useState<AdminDepositDetail | null>(null);

  const user = (item: AdminDepositDetail) => {
    const text = (
      <>
        <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi> · {t('admin.uid')} {item.userId}
      </>
    );
    // Support and super admins open the user's page; a reviewer's role does not cover it.
    const path = `/users/${item.userId}`;
    return me.data && mayOpen(me.data.role, path) ? <Link to={path}>{text}</Link> : text;
  };

  const amount = (item: AdminDepositDetail) => (
    <span className={styles.amount}>
      <bdi className={pageStyles.mono} dir="ltr" data-testid={DepositTestId.amount}>
        {formatAmount(item.amount, item.asset)}
      </bdi>
      {item.status === 'pending' ? (
        <Button variant="ghost" onClick={() => setCorrecting(item)} data-testid={DepositTestId.correct}>
          <Pencil size={14} aria-hidden />
          {t('admin.deposits.correct')}
        </Button>
      ) : null}
    </span>
  );

  const mono = (text: string) => (
    <bdi className={pageStyles.mono} dir="ltr">
      {text}
    </bdi>
  );

  // Where the money was sent: the network and address, or the bank account and the reference to match.
  const destination = (item: AdminDepositDetail) =>
    item.bank
      ? [
          {
            label: t('admin.deposits.bank'),
            value: (
              <span data-testid={DepositTestId.bank}>
                <bdi>{item.bank.bankName}</bdi> · <bdi>{item.bank.accountName}</bdi>
                <br />
                {mono(`${item.bank.accountNumber} · ${item.bank.routingCode} · ${item.bank.currency}`)}
              </span>
            ),
          },
          {
            label: t('admin.deposits.reference'),
            value: mono(item.reference ?? '—'),
            testId: DepositTestId.reference,
          },
        ]
      : [
          {
            label: t('admin.deposits.network'),
            value: item.chain ? CHAIN_LABELS[item.chain] : '—',
            testId: DepositTestId.network,
          },
          {
            label: t('admin.deposits.address'),
            value: mono(item.address ?? '—'),
            testId: DepositTestId.address,
          },
        ];

  return (
    <>
      <ReviewDetailPage<AdminDepositDetail>
        queue="deposits"
        title={(id) => t('admin.deposits.detailTitle', { id })}
        facts={(item) => [
          { label: t('admin.deposits.user'), value: user(item) },
          {
            label: t('admin.deposits.method'),
            value: t(`deposit.types.${item.method}`),
            testId: DepositTestId.method,
          },
          { label: t('admin.deposits.asset'), value: item.asset, testId: DepositTestId.asset },
          ...destination(item),
          { label: t('admin.deposits.account'), value: t(`deposit.accounts.${item.account}`) },
          {
            label: t('admin.deposits.claimedAmount'),
            value: (
              <bdi className={pageStyles.mono} dir="ltr">
                {item.claimedAmount} {item.asset}
              </bdi>
            ),
            testId: DepositTestId.claimedAmount,
          },
          { label: t('admin.deposits.amount'), value: amount(item) },
          ...(item.transactionId
            ? [
                {
                  label: t('admin.deposits.transaction'),
                  value: <span className={pageStyles.mono}>{item.transactionId}</span>,
                  testId: DepositTestId.transaction,
                },
              ]
            : []),
        ]}
        images={(item) => [
          {
            name: 'credential',
            label: item.method === 'bank' ? t('deposit.receipt') : t('admin.deposits.credential'),
            url: item.credentialUrl,
          },
        ]}
        historyColumns={[
          {
            key: 'asset',
            header: t('admin.deposits.asset'),
            render: (h) => `${h.asset} · ${h.chain ? CHAIN_LABELS[h.chain] : t('deposit.types.bank')}`,
          },
          {
            key: 'amount',
            header: t('admin.deposits.amount'),
            render: (h) => (
              <bdi className={pageStyles.mono} dir="ltr">
                {formatAmount(h.amount)}
              </bdi>
            ),
          },
        ]}
      />
      {correcting ? <CorrectAmountDialog deposit={correcting} onClose={() => setCorrecting(null)} /> : null}
    </>
  );
}
