import type { MarketSummary } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';
import { useLanguage } from '../../i18n/useLanguage';
import { formatPrice } from '../markets/format';
import styles from './SpotTrading.module.css';
import { SpotTestId } from './testIds';

type Props = {
  open: boolean;
  onClose: () => void;
  markets: MarketSummary[] | undefined;
  current: string;
  onChoose: (symbol: string) => void;
};

/** The sheet that switches the pair: every market with its last price and change. */
export function PairSheet({ open, onClose, markets, current, onChoose }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Modal open={open} onClose={onClose} title={t('spot.choosePair')} testId={SpotTestId.pairSheet}>
      <ul className={styles.pairList}>
        {(markets ?? []).map((market) => {
          const change = market.stats.changePercent;
          return (
            <li key={market.symbol}>
              <button
                type="button"
                className={styles.pairOption}
                aria-current={market.symbol === current || undefined}
                onClick={() => onChoose(market.symbol)}
                data-testid={SpotTestId.pairOption(market.symbol)}
              >
                <span className={styles.pairName} dir="ltr">
                  <strong>{market.base}</strong>/{market.quote}
                </span>
                <span className={styles.pairPrice} dir="ltr">
                  {formatPrice(market.stats.last || market.indexPrice || '0', market.tickSize, language)}
                </span>
                <span
                  className={styles.pairChange}
                  data-negative={change.startsWith('-') || undefined}
                  dir="ltr"
                >
                  {change.startsWith('-') ? '' : '+'}
                  {change}%
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
