import { Button } from '@kestrel/ui';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/i18n';
import styles from './Table.module.css';

/** `nowrap` keeps short values such as dates on one line, so free text takes the wrapping. */
export type Column<T> = { key: string; header: string; render: (row: T) => ReactNode; nowrap?: boolean };

type Props<T> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  loading?: boolean;
  testId?: string;
};

export function Table<T>({ columns, rows, rowKey, onRowClick, loading, testId }: Props<T>) {
  const { t } = useTranslation();
  const empty = loading ? t('admin.common.loading') : t('admin.common.noData');
  return (
    <div className={styles.wrap}>
      <table className={styles.table} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows?.length ? (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={onRowClick ? styles.clickable : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                // Rows open with the keyboard too, not only with a mouse.
                tabIndex={onRowClick ? 0 : undefined}
                onKeyDown={
                  onRowClick
                    ? (event) => {
                        if (event.key === 'Enter') onRowClick(row);
                      }
                    : undefined
                }
              >
                {columns.map((column) => (
                  <td key={column.key} className={column.nowrap ? styles.nowrap : undefined}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td className={styles.empty} colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { formatNumber } = useLocale();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={t('admin.common.pagination')}>
      <span>{t('admin.common.total', { total: formatNumber(total) })}</span>
      <Button
        variant="ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('admin.common.previous')}
      >
        <ChevronLeft size={16} className="flip-in-rtl" />
      </Button>
      <span>{t('admin.common.page', { page: formatNumber(page), pages: formatNumber(pages) })}</span>
      <Button
        variant="ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('admin.common.next')}
      >
        <ChevronRight size={16} className="flip-in-rtl" />
      </Button>
    </nav>
  );
}

export function Badge({
  tone,
  children,
}: {
  tone: 'positive' | 'negative' | 'neutral';
  children: ReactNode;
}) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
