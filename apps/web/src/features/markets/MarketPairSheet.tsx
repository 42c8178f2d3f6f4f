import { streams } from '@kestrel/contract/routes';
import { Dialog, SearchField } from '@kestrel/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { useLanguage } from '../../i18n/useLanguage';
import { useChannel } from '../../lib/realtime';
import { directionOf, formatChange, formatPrice, pairName } from './format';
import styles from './MarketPairSheet.module.css';
import { matchesSearch, withTickers } from './marketList';
import { useMarketsQuery } from './queries';

type Props = {
  open: boolean;
  /** The market shown now, marked in the list. */
  current: string;
  title: string;
  onClose: () => void;
  /** A market was tapped; the sheet has closed. */
  onChoose: (symbol: string) => void;
  testId: string;
  optionTestId?: (symbol: string) => string;
};

/** The sheet that switches the market of a screen: every market with its live price and change, searchable. */
export function MarketPairSheet({ open, current, title, onClose, onChoose, testId, optionTestId }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  // The list is needed only once the sheet opens; a screen's first load stays one request.
  const markets = useMarketsQuery(open);
  const tickers = useChannel(open ? streams.tickers : null);
  const [query, setQuery] = useState('');
  const rows = useMemo(
    () => withTickers(markets.data ?? [], tickers).filter((market) => matchesSearch(market, query)),
    [markets.data, tickers, query],
  );
  const close = () => {
    setQuery('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={title} closeLabel={t('common.close')} testId={testId}>
      <SearchField
        className={styles.search}
        label={t('marketsScreen.search')}
        value={query}
        onChange={setQuery}
      />
      {markets.isPending ? (
        <LoadingState />
      ) : markets.isError ? (
        <ErrorState message={markets.error.message} onRetry={() => markets.refetch()} />
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{t(query.trim() === '' ? 'common.noData' : 'marketsScreen.noMatch')}</p>
      ) : (
        <ul>
          {rows.map((market) => {
            const direction = directionOf(market.stats.changePercent);
            return (
              <li key={market.symbol}>
                <button
                  type="button"
                  className={styles.row}
                  aria-current={market.symbol === current ? 'true' : undefined}
                  onClick={() => {
                    close();
                    onChoose(market.symbol);
                  }}
                  data-testid={optionTestId?.(market.symbol)}
                >
                  <bdi className={styles.pair}>{pairName(market.base, market.quote)}</bdi>
                  <span className={styles.price}>
                    {market.stats.last ? formatPrice(market.stats.last, market.tickSize, language) : '--'}
                  </span>
                  <span className={direction > 0 ? styles.up : direction < 0 ? styles.down : styles.flat}>
                    {formatChange(market.stats.changePercent, language)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
