import { type AdminWithdrawalDetail, CHAIN_LABELS } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMe } from '../../api/admin';
import { mayOpen } from '../../app/sections';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { useReviewItem } from '../review/queries';
import styles from '../review/Review.module.css';
import { ReviewTestId } from '../review/testIds';
import { WithdrawalTestId } from './testIds';
import { WithdrawalDecisionBar } from './WithdrawalDecisionBar';
import { WithdrawalStateBadge } from './WithdrawalStateBadge';

type History = AdminWithdrawalDetail['history'][number];

/**
 * One withdrawal: where the money goes and how much, its reviewers, and the decision while it is undecided.
 * There is no upload to look at, so the facts take the page; the user's earlier withdrawals are below.
 */
export function WithdrawalDetail() {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().id);
  const detail = useReviewItem<AdminWithdrawalDetail>('withdrawals', id);
  const queueSearch = (location.state as { queueSearch?: string } | null)?.queueSearch ?? '';
  const title = t('admin.withdrawals.detailTitle', { id });
  const back = (
    <Button variant="ghost" onClick={() => navigate(`/withdrawals${queueSearch}`)}>
      <ArrowLeft size={16} aria-hidden className="flip-in-rtl" />
      {t('admin.review.back')}
    </Button>
  );
  if (!detail.data) {
    return (
      <Page title={title} actions={back}>
        <p className={pageStyles.muted}>
          {detail.isError ? t('admin.notice.network') : t('admin.common.loading')}
        </p>
      </Page>
    );
  }
  const item = detail.data;
  const mono = (text: string, testId?: string) => (
    <bdi className={pageStyles.mono} dir="ltr" data-testid={testId}>
      {text}
    </bdi>
  );
  const userText = (
    <>
      <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi> · {t('admin.uid')} {item.userId}
    </>
  );
  // Support and super admins open the user's page; a reviewer's role does not cover it.
  const userPath = `/users/${item.userId}`;
  const user = me.data && mayOpen(me.data.role, userPath) ? <Link to={userPath}>{userText}</Link> : userText;

  const historyColumns: Column<History>[] = [
    {
      key: 'submitted',
      header: t('admin.review.submitted'),
      render: (h) => formatDate(h.submittedAt),
      nowrap: true,
    },
    { key: 'asset', header: t('admin.withdrawals.asset'), render: (h) => h.asset },
    { key: 'amount', header: t('admin.withdrawals.amount'), render: (h) => mono(formatAmount(h.amount)) },
    {
      key: 'state',
      header: t('admin.review.status'),
      render: (h) => <WithdrawalStateBadge state={h.state} />,
    },
    { key: 'reason', header: t('admin.review.rejectionReason'), render: (h) => h.rejectionReason ?? '—' },
  ];

  return (
    <Page title={title} actions={back}>
      <div className={styles.side}>
        <Card title={t('admin.review.submission')}>
          <Facts
            items={[
              { label: t('admin.withdrawals.user'), value: user },
              ...(item.targetType === 'bank_card'
                ? [
                    { label: t('admin.withdrawals.bank'), value: item.bankName ?? '—' },
                    { label: t('admin.withdrawals.cardholder'), value: item.cardholder ?? '—' },
                    ...(item.routingCode
                      ? [{ label: t('admin.withdrawals.routingCode'), value: mono(item.routingCode) }]
                      : []),
                  ]
                : item.chain
                  ? [{ label: t('admin.withdrawals.network'), value: CHAIN_LABELS[item.chain] }]
                  : []),
              {
                label: t('admin.withdrawals.destination'),
                value: mono(item.destination, WithdrawalTestId.destination),
              },
              {
                label: t('admin.withdrawals.amount'),
                value: mono(formatAmount(item.amount, item.asset), WithdrawalTestId.amount),
              },
              { label: t('admin.withdrawals.fee'), value: mono(formatAmount(item.fee, item.asset)) },
              {
                label: t('admin.withdrawals.payout'),
                value: mono(formatAmount(item.received, item.asset), WithdrawalTestId.payout),
              },
            ]}
          />
        </Card>
        <Card title={t('admin.review.outcome')}>
          <Facts
            items={[
              {
                label: t('admin.review.status'),
                value: <WithdrawalStateBadge state={item.state} />,
                testId: WithdrawalTestId.state,
              },
              { label: t('admin.review.submitted'), value: formatDate(item.submittedAt) },
              ...(item.needsSecondApproval
                ? [{ label: t('admin.withdrawals.twoReviewers'), value: '✓' }]
                : []),
              ...(item.firstReviewer
                ? [
                    {
                      label: t('admin.withdrawals.firstReviewer'),
                      value: item.firstReviewer.email,
                      testId: WithdrawalTestId.firstReviewer,
                    },
                  ]
                : []),
              ...(item.status === 'pending'
                ? []
                : [
                    { label: t('admin.review.reviewedAt'), value: formatDate(item.reviewedAt) || '—' },
                    { label: t('admin.review.reviewer'), value: item.reviewer?.email ?? '—' },
                  ]),
              ...(item.payoutReference
                ? [
                    {
                      label:
                        item.targetType === 'bank_card'
                          ? t('admin.withdrawals.bankReference')
                          : t('admin.withdrawals.transactionHash'),
                      value: mono(item.payoutReference),
                      testId: WithdrawalTestId.payoutReference,
                    },
                  ]
                : []),
              ...(item.transactionId
                ? [
                    {
                      label: t('admin.withdrawals.transaction'),
                      value: mono(item.transactionId),
                      testId: WithdrawalTestId.transaction,
                    },
                  ]
                : []),
              ...(item.rejectionReason
                ? [
                    {
                      label: t('admin.review.rejectionReason'),
                      value: <span className={styles.reason}>{item.rejectionReason}</span>,
                      testId: ReviewTestId.rejectionReason,
                    },
                  ]
                : []),
            ]}
          />
          <WithdrawalDecisionBar item={item} />
        </Card>
      </div>
      <Card title={t('admin.review.history')} testId={ReviewTestId.history}>
        {item.history.length ? (
          <Table
            columns={historyColumns}
            rows={item.history}
            rowKey={(h) => h.id}
            onRowClick={(h) => navigate(`/withdrawals/${h.id}`, { state: { queueSearch } })}
          />
        ) : (
          <p className={pageStyles.muted}>{t('admin.review.noHistory')}</p>
        )}
      </Card>
    </Page>
  );
}
