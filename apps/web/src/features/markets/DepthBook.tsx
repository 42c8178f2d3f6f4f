import type { DepthSnapshot } from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import styles from './DepthBook.module.css';
import { formatPrice, formatSize } from './format';

const LEVELS = 15;

type Props = {
  depth: DepthSnapshot | undefined;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  locale: Locale;
};

/** Bids and asks side by side, best in the middle row first, each with a bar for its size. */
export function DepthBook({ depth, base, quote, tickSize, lotSize, locale }: Props) {
  const { t } = useTranslation();
  const bids = depth?.bids.slice(0, LEVELS) ?? [];
  const asks = depth?.asks.slice(0, LEVELS) ?? [];
  // Bars show the depth accumulated from the best price outwards, as exchanges draw it. Their widths are only a
  // picture of relative size, so floating point is fine here; the figures shown stay exact strings.
  const cumulative = (levels: typeof bids) => {
    let sum = 0;
    return levels.map(([, size]) => {
      sum += Number(size);
      return sum;
    });
  };
  const bidDepth = cumulative(bids);
  const askDepth = cumulative(asks);
  const deepest = Math.max(Number.MIN_VALUE, bidDepth.at(-1) ?? 0, askDepth.at(-1) ?? 0);
  const width = (depth: number | undefined) => `${Math.min(100, ((depth ?? 0) / deepest) * 100).toFixed(1)}%`;
  const rows = Math.max(bids.length, asks.length);

  return (
    <div className={styles.book} data-testid={TestId.marketDepth} data-version={depth?.version ?? ''}>
      <div className={styles.head}>
        <span>{t('marketsScreen.bid')}</span>
        <span className={styles.end}>{t('marketsScreen.ask')}</span>
      </div>
      <div className={styles.head}>
        <span>{t('marketsScreen.amountIn', { asset: base })}</span>
        <span className={styles.center}>{t('marketsScreen.priceIn', { asset: quote })}</span>
        <span className={styles.end}>{t('marketsScreen.amountIn', { asset: base })}</span>
      </div>
      {rows === 0 ? (
        <p className={styles.empty}>{t('common.noData')}</p>
      ) : (
        <ol>
          {Array.from({ length: rows }, (_, index) => {
            const bid = bids[index];
            const ask = asks[index];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is a depth rank (1st, 2nd…), not an item
              <li key={index} className={styles.level}>
                <span className={styles.side}>
                  {bid ? (
                    <>
                      <span
                        className={`${styles.bar} ${styles.bidBar}`}
                        style={{ inlineSize: width(bidDepth[index]) }}
                      />
                      <span className={styles.size}>{formatSize(bid[1], lotSize, locale)}</span>
                      <span className={styles.bidPrice}>{formatPrice(bid[0], tickSize, locale)}</span>
                    </>
                  ) : null}
                </span>
                <span className={styles.side}>
                  {ask ? (
                    <>
                      <span
                        className={`${styles.bar} ${styles.askBar}`}
                        style={{ inlineSize: width(askDepth[index]) }}
                      />
                      <span className={styles.askPrice}>{formatPrice(ask[0], tickSize, locale)}</span>
                      <span className={styles.size}>{formatSize(ask[1], lotSize, locale)}</span>
                    </>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
