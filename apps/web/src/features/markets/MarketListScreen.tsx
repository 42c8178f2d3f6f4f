import type { MarketSummary } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import type { Locale } from '@kestrel/i18n';
import { SearchField } from '@kestrel/ui';
import { ArrowDown, ArrowUp, ArrowUpDown, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { useLanguage } from '../../i18n/useLanguage';
import { useChannel } from '../../lib/realtime';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { toggleFavourite, useFavourites } from './favourites';
import { directionOf, formatChange, formatCompact, formatPrice, pairName } from './format';
import { FlashPrice, SimulatedBadge } from './MarketBits';
import styles from './MarketListScreen.module.css';
import { type ListTab, nextSort, type Sort, type SortKey, visibleMarkets, withTickers } from './marketList';
import { detailPath } from './paths';
import { useMarketsQuery } from './queries';

/** /current/index, the Markets tab: every market with live prices, search, favourites and sorting. */
export function MarketListScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('marketsScreen.title'));
  const markets = useMarketsQuery();
  const tickers = useChannel(streams.tickers);
  const favourites = useFavourites();
  const [tab, setTab] = useState<ListTab>(() => (favourites.size > 0 ? 'favourites' : 'all'));
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>(null);

  const live = useMemo(() => withTickers(markets.data ?? [], tickers), [markets.data, tickers]);
  const rows = useMemo(
    () => visibleMarkets(live, { tab, favourites, query, sort }),
    [live, tab, favourites, query, sort],
  );
  const simulated = live.some((market) => market.source === 'simulated');

  return (
    <div className={styles.screen} data-testid={TestId.marketsScreen}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('marketsScreen.title')}</h1>
        {simulated ? <SimulatedBadge /> : null}
      </header>
      <SearchField
        className={styles.search}
        label={t('marketsScreen.search')}
        value={query}
        onChange={setQuery}
        testId={TestId.marketsSearch}
      />
      <div className={styles.tabs}>
        <SegmentedTabs
          label={t('marketsScreen.title')}
          value={tab}
          onChange={setTab}
          options={[
            {
              value: 'favourites',
              label: t('marketsScreen.favourites'),
              testId: TestId.marketsTabFavourites,
            },
            { value: 'all', label: t('marketsScreen.all'), testId: TestId.marketsTabAll },
          ]}
        />
      </div>
      <div className={styles.columns}>
        <SortHeader
          label={`${t('markets.pair')} / ${t('marketsScreen.volume24h')}`}
          sortKey="volume"
          sort={sort}
          onSort={setSort}
          testId={TestId.marketsSortVolume}
          className={styles.colPair}
        />
        <span className={styles.colPrice}>{t('markets.lastPrice')}</span>
        <SortHeader
          label={t('markets.stats.change24h')}
          sortKey="change"
          sort={sort}
          onSort={setSort}
          testId={TestId.marketsSortChange}
          className={styles.colChange}
        />
      </div>
      <main className={styles.list}>
        {markets.isPending ? (
          <LoadingState />
        ) : markets.isError ? (
          <ErrorState message={markets.error.message} onRetry={() => markets.refetch()} />
        ) : rows.length === 0 ? (
          <p className={styles.empty} data-testid={TestId.marketsEmpty}>
            {tab === 'favourites' && query.trim() === ''
              ? t('marketsScreen.noFavourites')
              : t('common.noData')}
          </p>
        ) : (
          <ul>
            {rows.map((market) => (
              <MarketRow
                key={market.symbol}
                market={market}
                language={language}
                favourite={favourites.has(market.symbol)}
              />
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  testId,
  className,
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onSort: (sort: Sort) => void;
  testId: string;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  const active = sort?.key === sortKey ? sort.direction : null;
  const Icon = active === 'desc' ? ArrowDown : active === 'asc' ? ArrowUp : ArrowUpDown;
  return (
    <button
      type="button"
      className={[styles.sortButton, className ?? ''].join(' ')}
      onClick={() => onSort(nextSort(sort, sortKey))}
      aria-label={t('marketsScreen.sortBy', { column: label })}
      aria-pressed={active !== null}
      data-sort={active ?? 'none'}
      data-testid={testId}
    >
      <span>{label}</span>
      <Icon size={12} aria-hidden className={active ? styles.sortActive : undefined} />
    </button>
  );
}

function MarketRow({
  market,
  language,
  favourite,
}: {
  market: MarketSummary;
  language: Locale;
  favourite: boolean;
}) {
  const { t } = useTranslation();
  const pair = pairName(market.base, market.quote);
  const price = market.stats.last || market.indexPrice;
  const direction = directionOf(market.stats.changePercent);
  const changeClass = direction > 0 ? styles.up : direction < 0 ? styles.down : styles.flat;
  return (
    <li className={styles.row} data-testid={TestId.marketsRow} data-symbol={market.symbol}>
      <button
        type="button"
        className={styles.star}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'marketsScreen.removeFavourite' : 'marketsScreen.addFavourite', { pair })}
        onClick={() => toggleFavourite(market.symbol)}
        data-testid={TestId.marketsFavourite}
      >
        <Star size={16} aria-hidden fill={favourite ? 'currentColor' : 'none'} />
      </button>
      <Link to={detailPath(market.symbol)} className={styles.link}>
        <span className={styles.colPair}>
          <span className={styles.pair}>
            <bdi className={styles.base}>{market.base}</bdi>
            <bdi className={styles.quote}>/{market.quote}</bdi>
          </span>
          <span className={styles.volume}>
            {t('marketsScreen.volume24h')} <bdi>{formatCompact(market.stats.turnover, language)}</bdi>
          </span>
        </span>
        <span className={styles.colPrice}>
          {price ? (
            <FlashPrice value={price} className={styles.price} testId={TestId.marketsRowPrice}>
              {formatPrice(price, market.tickSize, language)}
            </FlashPrice>
          ) : (
            <span className={styles.price}>--</span>
          )}
        </span>
        <span className={styles.colChange}>
          <span className={[styles.change, changeClass].join(' ')} data-testid={TestId.marketsRowChange}>
            {formatChange(market.stats.changePercent, language)}
          </span>
        </span>
      </Link>
    </li>
  );
}
