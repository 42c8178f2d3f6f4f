import type { AssetAmount } from '@kestrel/contract';
import { Button, Spinner } from '@kestrel/ui';
import { BadgeCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { useLanguage } from '../../i18n/useLanguage';
import { type CursorPagesQuery, loadedItems } from '../../lib/useCursorPages';
import { formatAsset, formatDate } from '../earn/figures';
import { useReferralCommissionsQuery, useReferralInviteesQuery } from './queries';
import styles from './Share.module.css';
import { ShareTestId } from './testIds';

type List = 'invitees' | 'commissions';

/** The user's invitees (masked, when they joined, whether verified) and the commissions their fees earned. */
export function InviteLists() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [list, setList] = useState<List>('invitees');
  const invitees = useReferralInviteesQuery(list === 'invitees');
  const commissions = useReferralCommissionsQuery(list === 'commissions');
  const amounts = (items: readonly AssetAmount[]) =>
    items.map((item) => formatAsset(item.amount, item.asset, language)).join(' · ');

  return (
    <section className={styles.lists}>
      <SegmentedTabs
        label={t('share.title')}
        value={list}
        onChange={setList}
        options={(['invitees', 'commissions'] as const).map((value) => ({
          value,
          label: t(`share.lists.${value}`),
          testId: ShareTestId.tab(value),
        }))}
      />
      {list === 'invitees' ? (
        <Pages query={invitees} empty={t('share.lists.noInvitees')}>
          {(items) =>
            items.map((invitee) => (
              <li
                key={`${invitee.account}-${invitee.joinedAt}`}
                className={styles.row}
                data-testid={ShareTestId.invitee}
              >
                <div className={styles.rowMain}>
                  <bdi className={styles.rowTitle} dir="ltr">
                    {invitee.account}
                  </bdi>
                  <span className={styles.rowNote}>
                    {t('share.lists.joined', { date: formatDate(invitee.joinedAt, language) })}
                  </span>
                </div>
                <div className={styles.rowEnd}>
                  <span className={styles.verified} data-verified={invitee.verified}>
                    {invitee.verified ? <BadgeCheck size={14} aria-hidden /> : null}
                    {t(invitee.verified ? 'share.lists.verified' : 'share.lists.unverified')}
                  </span>
                  {invitee.commission.length > 0 ? (
                    <span className={styles.rowFigure} dir="ltr">
                      {amounts(invitee.commission)}
                    </span>
                  ) : null}
                </div>
              </li>
            ))
          }
        </Pages>
      ) : (
        <Pages query={commissions} empty={t('share.lists.noCommissions')}>
          {(items) =>
            items.map((commission) => (
              <li key={commission.id} className={styles.row} data-testid={ShareTestId.commission}>
                <div className={styles.rowMain}>
                  <span className={styles.rowTitle}>{t(`share.lists.sources.${commission.source}`)}</span>
                  <span className={styles.rowNote}>
                    {t('share.lists.from', { account: `\u2066${commission.invitee}\u2069` })} ·{' '}
                    {formatDate(commission.creditedAt, language)}
                  </span>
                </div>
                <div className={styles.rowEnd}>
                  <span className={styles.rowFigure} dir="ltr">
                    +{formatAsset(commission.amount, commission.asset, language)}
                  </span>
                  <span className={styles.rowNote}>
                    {t('share.lists.fee', {
                      amount: `\u2066${formatAsset(commission.fee, commission.asset, language)}\u2069`,
                    })}
                  </span>
                </div>
              </li>
            ))
          }
        </Pages>
      )}
    </section>
  );
}

/** A paged list: loading, its error, its empty line, or its rows and Load more until the end. */
function Pages<Item>({
  query,
  empty,
  children,
}: {
  query: CursorPagesQuery<Item>;
  empty: string;
  children: (items: Item[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = loadedItems(query);
  if (query.isPending) return <LoadingState />;
  if (query.isError && items.length === 0) {
    return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <p className={styles.empty} data-testid={ShareTestId.listEmpty}>
        {empty}
      </p>
    );
  }
  return (
    <>
      <ul className={styles.rows}>{children(items)}</ul>
      <div className={styles.more}>
        {query.hasNextPage ? (
          <Button
            variant="ghost"
            size="md"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid={ShareTestId.loadMore}
          >
            {t('options.orders.loadMore')}
          </Button>
        ) : query.isFetchingNextPage ? (
          <Spinner size={20} />
        ) : (
          <span className={styles.end} data-testid={ShareTestId.listEnd}>
            {t('options.orders.end')}
          </span>
        )}
      </div>
    </>
  );
}
