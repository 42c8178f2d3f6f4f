import { Button } from '@kestrel/ui';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { DecisionBar } from './DecisionBar';
import { useReviewItem } from './queries';
import styles from './Review.module.css';
import { ReviewImage } from './ReviewImage';
import {
  type ReviewedItem,
  type ReviewFact,
  type ReviewKind,
  type ReviewSubmission,
  useReviewView,
} from './ReviewKind';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { ReviewUser, ReviewUserLink } from './ReviewUser';
import { ReviewTestId } from './testIds';

/**
 * One item of a review queue: its facts and outcome on one side, the uploaded images large beside them, the
 * decision bar while it is pending, and the user's earlier submissions below.
 */
export function ReviewDetailPage<Row extends ReviewSubmission, Item extends ReviewedItem<Row>>({
  kind,
}: {
  kind: ReviewKind<Row, Item>;
}) {
  const view = useReviewView();
  const { t, formatDate } = view;
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().id);
  const detail = useReviewItem<Item>(kind.queue, id);
  // A kind's own action (correcting a deposit's amount) opens its dialog beside the page.
  const [dialog, setDialog] = useState<ReactNode>(null);

  // The queue list the item was opened from (its status, search and page), or the queue's first page.
  const queueSearch = (location.state as { queueSearch?: string } | null)?.queueSearch ?? '';
  const back = (
    <Button variant="ghost" onClick={() => navigate(`/${kind.queue}${queueSearch}`)}>
      <ArrowLeft size={16} aria-hidden className="flip-in-rtl" />
      {t('admin.review.back')}
    </Button>
  );
  if (!detail.data) {
    return (
      <Page title={t(kind.text.itemTitle, { id })} actions={back}>
        <p className={pageStyles.muted}>
          {detail.isError ? t('admin.notice.network') : t('admin.common.loading')}
        </p>
      </Page>
    );
  }
  const item = detail.data;
  const badge = (row: Row) =>
    kind.steps ? kind.steps.badge(row) : <ReviewStatusBadge status={row.status} />;

  const historyTable: Column<Item['history'][number]>[] = [
    {
      key: 'submitted',
      header: t('admin.review.submitted'),
      render: (h) => formatDate(h.submittedAt),
      nowrap: true,
    },
    ...kind.history.columns(view),
    { key: 'status', header: t('admin.review.status'), render: badge },
    ...(kind.history.reviewedAt === false
      ? []
      : [
          {
            key: 'reviewed',
            header: t('admin.review.reviewedAt'),
            render: (h: Row) => formatDate(h.reviewedAt) || '—',
            nowrap: true,
          },
        ]),
    { key: 'reason', header: t('admin.review.rejectionReason'), render: (h) => h.rejectionReason ?? '—' },
  ];

  const outcome: ReviewFact[] = [
    {
      label: t('admin.review.status'),
      value: badge(item),
      testId: kind.steps?.testId ?? ReviewTestId.status,
    },
    { label: t('admin.review.submitted'), value: formatDate(item.submittedAt) },
    ...(kind.outcome?.progress(item, view) ?? []),
    ...(item.status === 'pending'
      ? []
      : [
          { label: t('admin.review.reviewedAt'), value: formatDate(item.reviewedAt) || '—' },
          { label: t('admin.review.reviewer'), value: item.reviewer?.email ?? '—' },
        ]),
    ...(kind.outcome?.result(item, view) ?? []),
    ...(item.rejectionReason
      ? [
          {
            label: t('admin.review.rejectionReason'),
            value: <span className={styles.reason}>{item.rejectionReason}</span>,
            testId: ReviewTestId.rejectionReason,
          },
        ]
      : []),
  ];

  const side = (
    <div className={styles.side}>
      <Card title={t('admin.review.submission')}>
        <Facts
          items={[
            {
              label: t(kind.text.user),
              value: kind.linksUser ? <ReviewUserLink item={item} /> : <ReviewUser item={item} />,
            },
            ...kind.facts(item, { ...view, openDialog: setDialog, closeDialog: () => setDialog(null) }),
          ]}
        />
      </Card>
      <Card title={t('admin.review.outcome')}>
        <Facts items={outcome} />
        <DecisionBar queue={kind.queue} item={item} ApproveDialog={kind.ApproveDialog} />
      </Card>
    </div>
  );
  const images = kind.images?.(item, view);
  return (
    <>
      <Page title={t(kind.text.itemTitle, { id: item.id })} actions={back}>
        {images ? (
          <div className={styles.detail} data-images={images.length ? undefined : 'none'}>
            {side}
            {/* An item without uploads (a bank card) keeps the facts at their reading width. */}
            {images.length ? (
              <section className={styles.images} aria-label={t('admin.review.images')}>
                {images.map((image) => (
                  <ReviewImage key={image.name} {...image} />
                ))}
              </section>
            ) : null}
          </div>
        ) : (
          side
        )}
        <Card title={t('admin.review.history')} testId={ReviewTestId.history}>
          {item.history.length ? (
            <Table
              columns={historyTable}
              rows={item.history}
              rowKey={(h) => h.id}
              onRowClick={(h) => navigate(`/${kind.queue}/${h.id}`, { state: { queueSearch } })}
            />
          ) : (
            <p className={pageStyles.muted}>{t('admin.review.noHistory')}</p>
          )}
        </Card>
      </Page>
      {dialog}
    </>
  );
}
