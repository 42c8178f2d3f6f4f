import type { ReviewStatus } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { type Column, Table } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { DecisionBar } from './DecisionBar';
import { type ReviewQueueName, useReviewItem } from './queries';
import styles from './Review.module.css';
import { ReviewImage, type ReviewImageSource } from './ReviewImage';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { ReviewTestId } from './testIds';

/** An earlier submission of the same user, as every queue lists them. */
export type ReviewHistoryItem = {
  id: number;
  status: ReviewStatus;
  submittedAt: string;
  reviewedAt: string | null;
  rejectionReason: string | null;
};

/** What every queue's detail carries besides its own facts. */
export type ReviewedItem = ReviewHistoryItem & {
  reviewer: { id: number; email: string } | null;
  history: ReviewHistoryItem[];
};

export type ReviewFact = { label: string; value: ReactNode; testId?: string };

type Props<T extends ReviewedItem> = {
  queue: ReviewQueueName;
  title: (id: number) => string;
  /** The queue's own facts and images of one item. */
  facts: (item: T) => ReviewFact[];
  images: (item: T) => ReviewImageSource[];
  /** What the queue shows of each earlier submission, between its date and its outcome. */
  historyColumns: Column<T['history'][number]>[];
};

/**
 * One item of a review queue: its facts and outcome on one side, the uploaded images large beside them, the
 * decision bar while it is pending, and the user's earlier submissions below.
 */
export function ReviewDetailPage<T extends ReviewedItem>({
  queue,
  title,
  facts,
  images,
  historyColumns,
}: Props<T>) {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().id);
  const detail = useReviewItem<T>(queue, id);

  // The queue list the item was opened from (its status, search and page), or the queue's first page.
  const queueSearch = (location.state as { queueSearch?: string } | null)?.queueSearch ?? '';
  const back = (
    <Button variant="ghost" onClick={() => navigate(`/${queue}${queueSearch}`)}>
      <ArrowLeft size={16} aria-hidden className="flip-in-rtl" />
      {t('admin.review.back')}
    </Button>
  );
  if (!detail.data) {
    return (
      <Page title={title(id)} actions={back}>
        <p className={pageStyles.muted}>
          {detail.isError ? t('admin.notice.network') : t('admin.common.loading')}
        </p>
      </Page>
    );
  }
  const item = detail.data;

  type History = T['history'][number];
  const historyTable: Column<History>[] = [
    {
      key: 'submitted',
      header: t('admin.review.submitted'),
      render: (h) => formatDate(h.submittedAt),
      nowrap: true,
    },
    ...historyColumns,
    {
      key: 'status',
      header: t('admin.review.status'),
      render: (h) => <ReviewStatusBadge status={h.status} />,
    },
    {
      key: 'reviewed',
      header: t('admin.review.reviewedAt'),
      render: (h) => formatDate(h.reviewedAt) || '—',
      nowrap: true,
    },
    { key: 'reason', header: t('admin.review.rejectionReason'), render: (h) => h.rejectionReason ?? '—' },
  ];

  const shownImages = images(item);
  return (
    <Page title={title(item.id)} actions={back}>
      <div className={styles.detail} data-images={shownImages.length ? undefined : 'none'}>
        <div className={styles.side}>
          <Card title={t('admin.review.submission')}>
            <Facts items={facts(item)} />
          </Card>
          <Card title={t('admin.review.outcome')}>
            <Facts
              items={[
                {
                  label: t('admin.review.status'),
                  value: <ReviewStatusBadge status={item.status} />,
                  testId: ReviewTestId.status,
                },
                { label: t('admin.review.submitted'), value: formatDate(item.submittedAt) },
                ...(item.status === 'pending'
                  ? []
                  : [
                      { label: t('admin.review.reviewedAt'), value: formatDate(item.reviewedAt) || '—' },
                      { label: t('admin.review.reviewer'), value: item.reviewer?.email ?? '—' },
                    ]),
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
            <DecisionBar queue={queue} id={item.id} status={item.status} />
          </Card>
        </div>
        {/* A queue without uploads (bank cards) leaves the facts the whole width. */}
        {shownImages.length ? (
          <section className={styles.images} aria-label={t('admin.review.images')}>
            {shownImages.map((image) => (
              <ReviewImage key={image.name} {...image} />
            ))}
          </section>
        ) : null}
      </div>
      <Card title={t('admin.review.history')} testId={ReviewTestId.history}>
        {item.history.length ? (
          <Table
            columns={historyTable}
            rows={item.history}
            rowKey={(h) => h.id}
            onRowClick={(h) => navigate(`/${queue}/${h.id}`, { state: { queueSearch } })}
          />
        ) : (
          <p className={pageStyles.muted}>{t('admin.review.noHistory')}</p>
        )}
      </Card>
    </Page>
  );
}
