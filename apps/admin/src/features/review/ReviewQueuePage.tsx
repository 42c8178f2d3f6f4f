import { ADMIN_PAGE_SIZE, REVIEW_STATUSES, type ReviewStatus } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Page, pageStyles } from '../../components/Page';
import { SearchBox } from '../../components/SearchBox';
import { type Column, Pager, Table } from '../../components/Table';
import { useListParams } from '../../lib/useListParams';
import { type ReviewItem, type ReviewQueueName, useReviewList } from './queries';
import styles from './Review.module.css';
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
