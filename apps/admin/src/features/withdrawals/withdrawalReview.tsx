import { type AdminWithdrawalDetail, type AdminWithdrawalSummary, CHAIN_LABELS } from '@kestrel/contract';
import { pageStyles } from '../../components/Page';
import { Mono } from '../review/Mono';
import type { ReviewKind } from '../review/ReviewKind';
import { WithdrawalTestId } from './testIds';
import { WithdrawalApproveDialog } from './WithdrawalApproveDialog';
import { WithdrawalStateBadge } from './WithdrawalStateBadge';

/**
 * Withdrawals: where the money goes and how much, and who approved it so far. There is no upload to look at, so
 * the facts take the page; a large one needs two reviewers, and the one who pays it out enters the payment.
 */
export const withdrawalReview: ReviewKind<AdminWithdrawalSummary, AdminWithdrawalDetail> = {
  queue: 'withdrawals',
  text: {
    title: 'admin.withdrawals.title',
    search: 'admin.withdrawals.search',
    itemTitle: 'admin.withdrawals.detailTitle',
    number: 'admin.withdrawals.withdrawalId',
    user: 'admin.withdrawals.user',
  },
  linksUser: true,
  columns: ({ t, formatAmount }) => [
    {
      key: 'destination',
      header: t('admin.withdrawals.destination'),
      render: (item) => (
        <>
          {t(`admin.withdrawals.targetTypes.${item.targetType}`)}
          <div className={pageStyles.muted}>
            {item.asset}
            {item.targetType === 'wallet' && item.chain ? ` · ${CHAIN_LABELS[item.chain]}` : ''}
          </div>
        </>
      ),
    },
    {
      key: 'amount',
      header: t('admin.withdrawals.amount'),
      render: (item) => (
        <>
          <Mono>{formatAmount(item.amount)}</Mono>
          {item.needsSecondApproval ? (
            <div className={pageStyles.muted}>{t('admin.withdrawals.twoReviewers')}</div>
          ) : null}
        </>
      ),
      nowrap: true,
    },
  ],
  facts: (item, { t, formatAmount }) => [
    ...(item.targetType === 'bank_card'
      ? [
          { label: t('admin.withdrawals.bank'), value: item.bankName ?? '—' },
          { label: t('admin.withdrawals.cardholder'), value: item.cardholder ?? '—' },
          ...(item.routingCode
            ? [{ label: t('admin.withdrawals.routingCode'), value: <Mono>{item.routingCode}</Mono> }]
            : []),
        ]
      : item.chain
        ? [{ label: t('admin.withdrawals.network'), value: CHAIN_LABELS[item.chain] }]
        : []),
    {
      label: t('admin.withdrawals.destination'),
      value: <Mono testId={WithdrawalTestId.destination}>{item.destination}</Mono>,
    },
    {
      label: t('admin.withdrawals.amount'),
      value: <Mono testId={WithdrawalTestId.amount}>{formatAmount(item.amount, item.asset)}</Mono>,
    },
    { label: t('admin.withdrawals.fee'), value: <Mono>{formatAmount(item.fee, item.asset)}</Mono> },
    {
      label: t('admin.withdrawals.payout'),
      value: <Mono testId={WithdrawalTestId.payout}>{formatAmount(item.received, item.asset)}</Mono>,
    },
  ],
  history: {
    columns: ({ t, formatAmount }) => [
      { key: 'asset', header: t('admin.withdrawals.asset'), render: (h) => h.asset },
      {
        key: 'amount',
        header: t('admin.withdrawals.amount'),
        render: (h) => <Mono>{formatAmount(h.amount)}</Mono>,
      },
    ],
    reviewedAt: false,
  },
  steps: { badge: (row) => <WithdrawalStateBadge state={row.state} />, testId: WithdrawalTestId.state },
  outcome: {
    progress: (item, { t }) => [
      ...(item.needsSecondApproval ? [{ label: t('admin.withdrawals.twoReviewers'), value: '✓' }] : []),
      ...(item.firstReviewer
        ? [
            {
              label: t('admin.withdrawals.firstReviewer'),
              value: item.firstReviewer.email,
              testId: WithdrawalTestId.firstReviewer,
            },
          ]
        : []),
    ],
    result: (item, { t }) => [
      ...(item.payoutReference
        ? [
            {
              label:
                item.targetType === 'bank_card'
                  ? t('admin.withdrawals.bankReference')
                  : t('admin.withdrawals.transactionHash'),
              value: <Mono>{item.payoutReference}</Mono>,
              testId: WithdrawalTestId.payoutReference,
            },
          ]
        : []),
      ...(item.transactionId
        ? [
            {
              label: t('admin.withdrawals.transaction'),
              value: <Mono>{item.transactionId}</Mono>,
              testId: WithdrawalTestId.transaction,
            },
          ]
        : []),
    ],
  },
  ApproveDialog: WithdrawalApproveDialog,
};
