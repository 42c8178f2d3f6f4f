import type { AdjustmentProposal, ReviewStatus } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { notify } from '../../app/notices';
import { FormDialog, ReasonField } from '../../components/Dialog';
import { pageStyles } from '../../components/Page';
import type { Column } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { useReviewDecision } from '../review/queries';
import { ReviewQueuePage } from '../review/ReviewQueuePage';
import styles from './Adjustments.module.css';

export const ProposalTestId = {
  approve: (id: number) => `proposal-approve-${id}`,
  reject: (id: number) => `proposal-reject-${id}`,
} as const;

/**
 * /adjustment-proposals: manual adjustments above their coin's approval amount. A reviewer other than the
 * proposer approves (the adjustment posts) or rejects (nothing moves) from the list itself.
 */
export function AdjustmentProposals() {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();
  const me = useMe();
  const mayDecide = me.data?.role === 'super_admin' || me.data?.role === 'reviewer';

  const columns = (status: ReviewStatus): Column<AdjustmentProposal>[] => [
    {
      key: 'user',
      header: t('admin.adjustments.user'),
      render: (item) => (
        <>
          <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi>
          <div className={pageStyles.muted}>
            {t('admin.uid')} {item.userId}
          </div>
        </>
      ),
    },
    {
      key: 'adjustment',
      header: t('admin.adjustments.amount'),
      render: (item) => (
        <>
          {t(`admin.adjustments.${item.direction}`)}
          <div>
            <bdi className={pageStyles.mono} dir="ltr">
              {formatAmount(item.amount, item.asset)}
            </bdi>
          </div>
          <div className={pageStyles.muted}>{t(`assets.accounts.${item.account}`)}</div>
        </>
      ),
      nowrap: true,
    },
    { key: 'reason', header: t('admin.adjustments.reason'), render: (item) => item.reason },
    {
      key: 'proposer',
      header: t('admin.adjustments.proposer'),
      render: (item) => (
        <>
          <bdi>{item.proposer.email}</bdi>
          <div className={pageStyles.muted}>{formatDate(item.submittedAt)}</div>
        </>
      ),
    },
    ...(status === 'pending'
      ? mayDecide
        ? [
            {
              key: 'decide',
              header: '',
              render: (item: AdjustmentProposal) =>
                item.proposer.id === me.data?.id ? null : <Decide proposal={item} />,
            },
          ]
        : []
      : [
          {
            key: 'decider',
            header: t('admin.adjustments.decider'),
            render: (item: AdjustmentProposal) => (
              <>
                <bdi>{item.reviewer?.email ?? '—'}</bdi>
                <div className={pageStyles.muted}>{formatDate(item.reviewedAt)}</div>
                {item.rejectionReason ? <div className={pageStyles.muted}>{item.rejectionReason}</div> : null}
              </>
            ),
          },
        ]),
  ];

  return (
    <ReviewQueuePage<AdjustmentProposal>
      queue="adjustment-proposals"
      title={t('admin.adjustments.proposalsTitle')}
      intro={t('admin.adjustments.proposalsIntro')}
      searchLabel={t('admin.adjustments.userId')}
      columns={columns}
      itemPages={false}
    />
  );
}

function Decide({ proposal }: { proposal: AdjustmentProposal }) {
  const { t } = useTranslation();
  const decide = useReviewDecision('adjustment-proposals', proposal.id);
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');

  return (
    <div className={styles.decide}>
      <Button
        variant="primary"
        onClick={() => setOpen('approve')}
        data-testid={ProposalTestId.approve(proposal.id)}
      >
        {t('admin.review.approve')}
      </Button>
      <Button
        variant="ghost"
        onClick={() => setOpen('reject')}
        data-testid={ProposalTestId.reject(proposal.id)}
      >
        {t('admin.review.reject')}
      </Button>
      {open === 'approve' ? (
        <FormDialog
          title={t('admin.adjustments.approveTitle')}
          description={t('admin.adjustments.approveConfirm', {
            direction: t(`admin.adjustments.${proposal.direction}`),
            amount: proposal.amount,
            asset: proposal.asset,
            account: t(`assets.accounts.${proposal.account}`),
            id: proposal.userId,
            proposer: proposal.proposer.email,
          })}
          submitLabel={t('admin.review.approve')}
          tone={proposal.direction === 'debit' ? 'danger' : 'primary'}
          onSubmit={async () => {
            await decide.mutateAsync({ kind: 'approve', body: {} });
            notify({ tone: 'positive', message: t('admin.adjustments.done') });
          }}
          onClose={() => setOpen(null)}
          testId="dialog-proposal-approve"
        />
      ) : null}
      {open === 'reject' ? (
        <FormDialog
          title={t('admin.adjustments.rejectTitle')}
          submitLabel={t('admin.review.reject')}
          tone="danger"
          onSubmit={async () => {
            await decide.mutateAsync({ kind: 'reject', body: { reason } });
          }}
          onClose={() => setOpen(null)}
          testId="dialog-proposal-reject"
        >
          <ReasonField value={reason} onChange={setReason} />
        </FormDialog>
      ) : null}
    </div>
  );
}
