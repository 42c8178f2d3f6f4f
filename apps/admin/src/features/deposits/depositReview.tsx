import { type AdminDepositDetail, type AdminDepositSummary, CHAIN_LABELS } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { Pencil } from 'lucide-react';
import { pageStyles } from '../../components/Page';
import { Mono } from '../review/Mono';
import type { ReviewFact, ReviewItemView, ReviewKind, ReviewView } from '../review/ReviewKind';
import { CorrectAmountDialog } from './CorrectAmountDialog';
import styles from './Deposits.module.css';
import { DepositTestId } from './testIds';

/** Where the money was sent: the network and address, or the bank account and the reference to match. */
function destination(item: AdminDepositDetail, { t }: ReviewView): ReviewFact[] {
  return item.bank
    ? [
        {
          label: t('admin.deposits.bank'),
          value: (
            <span data-testid={DepositTestId.bank}>
              <bdi>{item.bank.bankName}</bdi> · <bdi>{item.bank.accountName}</bdi>
              <br />
              <Mono>{`${item.bank.accountNumber} · ${item.bank.routingCode} · ${item.bank.currency}`}</Mono>
            </span>
          ),
        },
        {
          label: t('admin.deposits.reference'),
          value: <Mono>{item.reference ?? '—'}</Mono>,
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
          value: <Mono>{item.address ?? '—'}</Mono>,
          testId: DepositTestId.address,
        },
      ];
}

/** What approval will credit, which a reviewer may correct while the deposit is pending. */
function amountToCredit(
  item: AdminDepositDetail,
  { t, formatAmount, openDialog, closeDialog }: ReviewItemView,
) {
  return (
    <span className={styles.amount}>
      <Mono testId={DepositTestId.amount}>{formatAmount(item.amount, item.asset)}</Mono>
      {item.status === 'pending' ? (
        <Button
          variant="ghost"
          onClick={() => openDialog(<CorrectAmountDialog deposit={item} onClose={closeDialog} />)}
          data-testid={DepositTestId.correct}
        >
          <Pencil size={14} aria-hidden />
          {t('admin.deposits.correct')}
        </Button>
      ) : null}
    </span>
  );
}

/** Deposits: what the user declared beside their transfer credential, and the amount to credit. */
export const depositReview: ReviewKind<AdminDepositSummary, AdminDepositDetail> = {
  queue: 'deposits',
  text: {
    title: 'admin.deposits.title',
    search: 'admin.deposits.search',
    itemTitle: 'admin.deposits.detailTitle',
    number: 'admin.deposits.depositId',
    user: 'admin.deposits.user',
  },
  linksUser: true,
  columns: ({ t, formatAmount }) => [
    {
      key: 'asset',
      header: t('admin.deposits.asset'),
      render: (item) => (
        <>
          {item.asset}
          <div className={pageStyles.muted}>
            {item.chain ? CHAIN_LABELS[item.chain] : t('deposit.types.bank')}
          </div>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('admin.deposits.amount'),
      render: (item) => <Mono>{formatAmount(item.amount)}</Mono>,
      nowrap: true,
    },
  ],
  facts: (item, view) => [
    {
      label: view.t('admin.deposits.method'),
      value: view.t(`deposit.types.${item.method}`),
      testId: DepositTestId.method,
    },
    { label: view.t('admin.deposits.asset'), value: item.asset, testId: DepositTestId.asset },
    ...destination(item, view),
    { label: view.t('admin.deposits.account'), value: view.t(`deposit.accounts.${item.account}`) },
    {
      label: view.t('admin.deposits.claimedAmount'),
      value: <Mono>{`${item.claimedAmount} ${item.asset}`}</Mono>,
      testId: DepositTestId.claimedAmount,
    },
    { label: view.t('admin.deposits.amount'), value: amountToCredit(item, view) },
    ...(item.transactionId
      ? [
          {
            label: view.t('admin.deposits.transaction'),
            value: <span className={pageStyles.mono}>{item.transactionId}</span>,
            testId: DepositTestId.transaction,
          },
        ]
      : []),
  ],
  images: (item, { t }) => [
    {
      name: 'credential',
      label: item.method === 'bank' ? t('deposit.receipt') : t('admin.deposits.credential'),
      url: item.credentialUrl,
    },
  ],
  history: {
    columns: ({ t, formatAmount }) => [
      {
        key: 'asset',
        header: t('admin.deposits.asset'),
        render: (h) => `${h.asset} · ${h.chain ? CHAIN_LABELS[h.chain] : t('deposit.types.bank')}`,
      },
      {
        key: 'amount',
        header: t('admin.deposits.amount'),
        render: (h) => <Mono>{formatAmount(h.amount)}</Mono>,
      },
    ],
  },
};
