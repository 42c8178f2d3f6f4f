import { type AccountRecord, RECORD_TYPES, type RecordType } from '@kestrel/contract';
import { dateTimeFormat } from '@kestrel/i18n';
import { formatQuantity } from '@kestrel/money';
import { SelectField, Spinner } from '@kestrel/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSETS_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { loadedItems } from '../../lib/useCursorPages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoadMoreWhenSeen } from '../../lib/useLoadMoreWhenSeen';
import { TestId } from '../../testIds';
import { useBalancesQuery } from '../assets/queries';
import styles from './AccountRecordScreen.module.css';
import { type RecordFilter, useRecordsQuery } from './queries';

/** /user/wallet/AccountRecord: the account change log, filtered by type and coin, loading as it scrolls. */
export function AccountRecordScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RecordFilter>({ type: '', asset: '' });
  const records = useRecordsQuery(filter);
  const balances = useBalancesQuery();
  useDocumentTitle(t('records.title'));

  const assets = [...new Set((balances.data ?? []).map((balance) => balance.asset))];
  const items = loadedItems(records);
  const sentinel = useLoadMoreWhenSeen(records);

  return (
    <div className={styles.screen}>
      <TopBar title={t('records.title')} backTo={ASSETS_PATH} />
      <main className={styles.main}>
        <div className={styles.filters}>
          <SelectField<RecordType | ''>
            label={t('records.type')}
            value={filter.type}
            onChange={(type) => setFilter((current) => ({ ...current, type }))}
            options={[
              { value: '', label: t('records.allTypes') },
              ...RECORD_TYPES.map((type) => ({ value: type, label: t(`records.types.${type}`) })),
            ]}
            testId={TestId.recordsType}
          />
          <SelectField
            label={t('transfer.coin')}
            value={filter.asset}
            onChange={(asset) => setFilter((current) => ({ ...current, asset }))}
            options={[
              { value: '', label: t('records.allCoins') },
              ...assets.map((asset) => ({ value: asset, label: asset })),
            ]}
            testId={TestId.recordsAsset}
          />
        </div>
        {records.isPending ? (
          <LoadingState />
        ) : records.isError && items.length === 0 ? (
          <ErrorState message={records.error.message} onRetry={() => records.refetch()} />
        ) : items.length === 0 ? (
          <p className={styles.empty} data-testid={TestId.recordsEmpty}>
            {t('common.noData')}
          </p>
        ) : (
          <>
            <ul className={styles.list} data-testid={TestId.recordsList}>
              {items.map((record) => (
                <RecordRow key={record.id} record={record} />
              ))}
            </ul>
            <div ref={sentinel} className={styles.sentinel}>
              {records.isFetchingNextPage ? <Spinner size={20} /> : null}
              {records.hasNextPage ? null : (
                <span className={styles.end} data-testid={TestId.recordsEnd}>
                  {t('records.end')}
                </span>
              )}
            </div>
          </>
        )}
      </main>
    </div>
  );
}

function RecordRow({ record }: { record: AccountRecord }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const incoming = !record.amount.startsWith('-');
  const time = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(record.createdAt),
  );
  return (
    <li className={styles.row} data-testid={TestId.recordsItem} data-type={record.type}>
      <div className={styles.rowHead}>
        <span className={styles.type}>{t(`records.types.${record.type}`)}</span>
        <span className={styles.amount} data-direction={incoming ? 'in' : 'out'} dir="ltr">
          {incoming ? '+' : ''}
          {formatQuantity(record.amount, language)} {record.asset}
        </span>
      </div>
      <div className={styles.rowFacts}>
        <span>{t(`assets.accounts.${record.account}`)}</span>
        <time dateTime={record.createdAt}>{time}</time>
      </div>
      <div className={styles.reference}>{t('records.reference', { reference: record.reference })}</div>
    </li>
  );
}
