import type { DepthSnapshot } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage';
import { formatPrice } from '../markets/format';
import { formatSize } from './format';
import { add, compareDecimals, percentage } from './orderMath';
import styles from './SpotTrading.module.css';
import { SpotTestId } from './testIds';

type Props = {
  depth: DepthSnapshot | undefined;
  levels: number;
  tickSize: string;
  lastPrice: string | null;
  /** The direction of the last move, for the colour of the last price. */
  trend: 'up' | 'down' | 'flat';
  onPick: (price: string) => void;
};

/** The order book beside the form: asks above the last price, bids below; a tap on a level fills its price. */
export function OrderBook({ depth, levels, tickSize, lastPrice, trend, onPick }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const asks = (depth?.asks ?? []).slice(0, levels);
  const bids = (depth?.bids ?? []).slice(0, levels);
  // Each level's bar shows the depth up to it from the best price, against the deeper of the two sides.
  const askDepth = cumulative(asks);
  const bidDepth = cumulative(bids);
  const deepest = [askDepth.at(-1) ?? '0', bidDepth.at(-1) ?? '0'].reduce((max, value) =>
    compareDecimals(value, max) > 0 ? value : max,
  );

  const row = (side: 'ask' | 'bid', [price, size]: [string, string], depthTo: string) => (
    <li key={`${side}-${price}`}>
      <button
        type="button"
        className={styles.level}
        data-side={side}
        data-price={price}
        onClick={() => onPick(price)}
        data-testid={side === 'ask' ? SpotTestId.ask : SpotTestId.bid}
        style={{ '--fill': `${percentage(depthTo, deepest)}%` } as React.CSSProperties}
      >
        <span className={styles.levelPrice} dir="ltr">
          {formatPrice(price, tickSize, language)}
        </span>
        <span className={styles.levelSize} dir="ltr">
          {formatSize(size, language)}
        </span>
      </button>
    </li>
  );

  return (
    <section className={styles.book} aria-label={t('spot.orderBook')} data-testid={SpotTestId.book}>
      <div className={styles.bookHead}>
        <span>{t('orders.price')}</span>
        <span>{t('orders.amount')}</span>
      </div>
      <ol className={styles.levels} data-kind="asks">
        {padded(asks.slice().reverse(), levels, 'start').map((level, index) =>
          level ? (
            row('ask', level, askDepth[asks.indexOf(level)] ?? '0')
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: an empty row has no identity but its place
            <li key={`ask-gap-${index}`} className={styles.gap} />
          ),
        )}
      </ol>
      <div className={styles.bookLast} data-trend={trend} data-testid={SpotTestId.lastPrice} dir="ltr">
        {lastPrice ? formatPrice(lastPrice, tickSize, language) : '--'}
      </div>
      <ol className={styles.levels} data-kind="bids">
        {padded(bids, levels, 'end').map((level, index) =>
          level ? (
            row('bid', level, bidDepth[index] ?? '0')
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: an empty row has no identity but its place
            <li key={`bid-gap-${index}`} className={styles.gap} />
          ),
        )}
      </ol>
    </section>
  );
}

/** The running total of sizes from the best level outwards. */
function cumulative(levels: [string, string][]): string[] {
  const totals: string[] = [];
  for (const [, size] of levels) totals.push(add(totals.at(-1) ?? '0', size));
  return totals;
}

/** Keeps the book's height steady while levels come and go: empty rows on the side away from the price. */
function padded<T>(items: T[], size: number, where: 'start' | 'end'): (T | null)[] {
  const gaps: null[] = Array.from({ length: Math.max(0, size - items.length) }, () => null);
  return where === 'start' ? [...gaps, ...items] : [...items, ...gaps];
}

/** The last price's direction against the one before. */
export function trendOf(previous: string | null, current: string | null): 'up' | 'down' | 'flat' {
  if (!previous || !current) return 'flat';
  const order = compareDecimals(current, previous);
  return order > 0 ? 'up' : order < 0 ? 'down' : 'flat';
}
