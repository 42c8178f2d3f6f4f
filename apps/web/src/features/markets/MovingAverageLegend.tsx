import { type Locale, textDirection } from '@kestrel/i18n';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import { decimalsOf, formatPrice } from './format';
import styles from './KlineChart.module.css';

type Props = {
  periods: readonly number[];
  /** The latest average of each period, in the same order; null before there are enough candles. */
  values: readonly (number | null)[];
  colours: readonly string[];
  tickSize: string;
  locale: Locale;
};

/**
 * The moving averages over the chart ("MA7 95,000.50"). The chart itself is drawn left to right in every
 * language, but the legend reads in the page's direction: in Arabic the averages run from the right, each label
 * before its value. Each average is one isolated unit, so a label in Arabic letters and the Latin digits of its
 * value and of its neighbours are never reordered across one another by the bidirectional algorithm.
 */
export function MovingAverageLegend({ periods, values, colours, tickSize, locale }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.legend} dir={textDirection(locale)} data-testid={TestId.marketChartLegend}>
      {periods.map((period, index) => {
        const value = values[index];
        return (
          // A span, not a <bdi>: a bdi's own direction would be worked out from its text, skipping the bdi
          // children, and so come out left to right; the span takes the legend's direction and is isolated by CSS.
          <span key={period} className={styles.legendItem} style={{ color: colours[index] ?? 'inherit' }}>
            <bdi>{t('marketsScreen.movingAverage', { period })}</bdi>
            {value == null ? null : (
              <bdi dir="ltr">{formatPrice(value.toFixed(decimalsOf(tickSize)), tickSize, locale)}</bdi>
            )}
          </span>
        );
      })}
    </div>
  );
}
