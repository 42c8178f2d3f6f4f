import { ADMIN_PAGE_SIZE, REVIEW_STATUSES, type ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Page, pageStyles } from '../../components/Page';
import { SearchBox } from '../../components/SearchBox';
import { type Column, Pager, Table } from '../../components/Table';
import { useListParams } from '../../lib/useListParams';
import { type ReviewItem, type ReviewQueueName, useReviewList } from './queries';
import styles from './Review.module.css';
import { type ReviewedItem, type ReviewKind, type ReviewSubmission, useReviewView } from './ReviewKind';
import { ReviewUserCell } from './ReviewUser';
import { ReviewTestId } from './testIds';

function isReviewStatus(value: string): value is ReviewStatus {
  return (REVIEW_STATUSES as readonly string[]).includes(value);
}

type Props<T> = {
  queue: ReviewQueueName;
  title: string;
  searchLabel: string;
  /** The queue's own columns; the status is given by the tab, so it needs none. */
  columns: (status: ReviewStatus) => Column<T>[];
  /** False for a queue decided from its list, whose items have no page of their own. */
  itemPages?: boolean;
  intro?: string;
};

/**
 * One review queue: status tabs (pending first, where the work is), a search and the paged list. The status,
 * search and page live in the address, so Back from an item returns to the same place in the queue.
 */
export function ReviewQueuePage<T extends ReviewItem>({
  queue,
  title,
  searchLabel,
  columns,
  itemPages = true,
  intro,
}: Props<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { page, values, setPage, setValues } = useListParams(['status', 'q']);
  const status = isReviewStatus(values.status ?? '') ? (values.status as ReviewStatus) : 'pending';
  const q = values.q ?? '';
  const list = useReviewList<T>(queue, { status, q, page });

  return (
    <Page title={title}>
      {intro ? <p className={pageStyles.muted}>{intro}</p> : null}
      <div className={styles.tabs} role="tablist" aria-label={t('admin.review.status')}>
        {REVIEW_STATUSES.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={each === status}
            className={`${styles.tab} ${each === status ? styles.selected : ''}`}
            // A new status starts at its first page; the search text stays.
            onClick={() => setValues({ status: each, q })}
            data-testid={ReviewTestId.statusTab(each)}
          >
            {t(`admin.review.statuses.${each}`)}
          </button>
        ))}
      </div>
      <SearchBox
        key={q}
        label={searchLabel}
        initial={q}
        onSearch={(value) => setValues({ status, q: value })}
      />
      <Table
        columns={columns(status)}
        rows={list.data?.items}
        rowKey={(item) => item.id}
        // The item page returns to this very list: same status, search and page.
        onRowClick={
          itemPages
            ? (item) => navigate(`/${queue}/${item.id}`, { state: { queueSearch: location.search } })
            : undefined
        }
        loading={list.isPending}
        testId={ReviewTestId.queueTable}
      />
      <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={list.data?.total ?? 0} onPage={setPage} />
    </Page>
  );
}

/**
 * A kind's queue: every item's number and user first, the kind's own columns, then when it came and, once
 * decided, when it was reviewed.
 */
export function ReviewKindQueuePage<Row extends ReviewSubmission, Item extends ReviewedItem<Row>>({
  kind,
}: {
  kind: ReviewKind<Row, Item>;
}) {
  const view = useReviewView();
  const { t, formatDate } = view;

  const columns = (status: ReviewStatus): Column<Row>[] => [
    {
      key: 'id',
      header: t(kind.text.number),
      render: (item) => <span className={pageStyles.mono}>{item.id}</span>,
    },
    { key: 'user', header: t(kind.text.user), render: (item) => <ReviewUserCell item={item} /> },
    ...kind.columns(view),
    // Undecided items may be at different steps (a first approval given); the tab cannot tell them apart.
    ...(kind.steps && status === 'pending'
      ? [{ key: 'state', header: t('admin.review.status'), render: kind.steps.badge }]
      : []),
    {
      key: 'submitted',
      header: t('admin.review.submitted'),
      render: (item) => formatDate(item.submittedAt),
      nowrap: true,
    },
    // A pending item has not been reviewed yet; a decided one shows when.
    ...(status === 'pending'
      ? []
      : [
          {
            key: 'reviewed',
            header: t('admin.review.reviewedAt'),
            render: (item: Row) => formatDate(item.reviewedAt),
            nowrap: true,
          },
        ]),
  ];

  return (
    <ReviewQueuePage<Row>
      queue={kind.queue}
      title={t(kind.text.title)}
      searchLabel={t(kind.text.search)}
      columns={columns}
    />
  );
}
