import type { MarketSummary } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import { resolveLocale } from '@kestrel/i18n';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChannel } from '../../lib/realtime';
import { TestId } from '../../testIds';
import { directionOf, formatChange, formatCompact, formatPrice } from '../markets/format';
import { FlashPrice, SimulatedBadge } from '../markets/MarketBits';
import { withTickers } from '../markets/marketList';
import { detailPath } from '../markets/paths';
import { useMarketsQuery } from '../markets/queries';
import styles from './HomeSections.module.css';
import { type HotDealsTab, hotDeals } from './hotDeals';

const TABS: readonly HotDealsTab[] = ['gainers', 'volume'];

/** The markets everyone is looking at: top gainers or top turnover over 24 hours, live from the tickers. */
export function HotDeals() {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  const titleId = useId();
  const [tab, setTab] = useState<HotDealsTab>('gainers');
  const markets = useMarketsQuery();
  const tickers = useChannel(streams.tickers);
  const live = useMemo(() => withTickers(markets.data ?? [], tickers), [markets.data, tickers]);
  const rows = useMemo(() => hotDeals(live, tab), [live, tab]);
  const simulated = live.some((market) => market.source === 'simulated');

  return (
    <section aria-labelledby={titleId} className={styles.section} data-testid={TestId.homeHotDeals}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {t('home.hotDeals')}
        </h2>
        {simulated ? <SimulatedBadge testId="home-hot-deals-simulated" /> : null}
      </div>
      <div role="tablist" aria-label={t('home.hotDeals')} className={styles.tabs}>
        {TABS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            id={`${titleId}-${candidate}`}
            aria-selected={tab === candidate}
            aria-controls={`${titleId}-panel`}
            className={`${styles.tab} ${tab === candidate ? styles.tabSelected : ''}`}
            onClick={() => setTab(candidate)}
          >
            {candidate === 'gainers' ? t('home.topGainers') : t('home.topVolume')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${titleId}-panel`} aria-labelledby={`${titleId}-${tab}`}>
        {rows.length === 0 ? (
          <p className={styles.empty}>{markets.isPending ? '' : t('home.noMarkets')}</p>
        ) : (
          <>
            <div className={styles.rowHead} aria-hidden>
              <span>{t('home.pair')}</span>
              <span>{t('home.lastPrice')}</span>
              <span>{t('home.change24h')}</span>
            </div>
            <ol className={styles.rows}>
              {rows.map((market) => (
                <DealRow key={market.symbol} market={market} tab={tab} locale={locale} />
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}

function DealRow({
  market,
  tab,
  locale,
}: {
  market: MarketSummary;
  tab: HotDealsTab;
  locale: ReturnType<typeof resolveLocale>;
}) {
  const { t } = useTranslation();
  const direction = directionOf(market.stats.changePercent);
  const last = market.stats.last || market.indexPrice;
  return (
    <li>
      <Link to={detailPath(market.symbol)} className={styles.row} data-testid={`home-deal-${market.symbol}`}>
        <span className={styles.pair}>
          <bdi dir="ltr" className={styles.pairName}>
            <span className={styles.base}>{market.base}</span>
            <span className={styles.quote}>/{market.quote}</span>
          </bdi>
          {tab === 'volume' ? (
            <span className={styles.sub}>
              {t('home.volume24h')} {formatCompact(market.stats.turnover, locale)}
            </span>
          ) : null}
        </span>
        <FlashPrice value={last} className={styles.price}>
          {last ? formatPrice(last, market.tickSize, locale) : '—'}
        </FlashPrice>
        <span
          className={`${styles.change} ${direction > 0 ? styles.up : direction < 0 ? styles.down : styles.flat}`}
          dir="ltr"
        >
          {formatChange(market.stats.changePercent, locale)}
        </span>
      </Link>
    </li>
  );
}
