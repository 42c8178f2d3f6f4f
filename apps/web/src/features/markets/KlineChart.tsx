import type { Candle, CandleInterval } from '@kestrel/contract';
import { streams } from '@kestrel/contract/routes';
import { dateTimeFormat, intlTag, type Locale } from '@kestrel/i18n';
import {
  type CandlestickData,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  LineSeries,
  type LogicalRange,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { follow } from '../../lib/realtime';
import { TestId } from '../../testIds';
import { MA_PERIODS, mergeCandles, movingAverage } from './candles';
import { decimalsOf, formatPrice } from './format';
import styles from './KlineChart.module.css';
import { MovingAverageLegend } from './MovingAverageLegend';
import { CANDLE_PAGE_SIZE, fetchCandles } from './queries';

/*
 * The k-line chart (lightweight-charts). This module is the only importer of the library and is itself loaded
 * lazily by the detail screen, so no other screen pays for it.
 */

type Props = {
  symbol: string;
  interval: CandleInterval;
  tickSize: string;
  locale: Locale;
};

const MA_COLOURS = ['#f0b90b', '#e052a0', '#7b61ff'] as const;
/** Load the previous page when fewer than this many candles are left of the visible range. */
const LOAD_MORE_THRESHOLD = 20;

/** The theme's colours and font, read from one computed style of the document. */
function themeReader(): (name: string, fallback: string) => string {
  const style = getComputedStyle(document.documentElement);
  return (name, fallback) => style.getPropertyValue(name).trim() || fallback;
}

const asTime = (seconds: number) => seconds as UTCTimestamp;

function toBar(candle: Candle): CandlestickData<Time> {
  return {
    time: asTime(candle.time),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

type Series = {
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  averages: ISeriesApi<'Line'>[];
};

function KlineChart({ symbol, interval, tickSize, locale }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<Series | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [legend, setLegend] = useState<(number | null)[]>([]);

  // The chart itself lives as long as the component; symbol and interval only replace its data.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const theme = themeReader();
    const positive = theme('--positive', '#2ebd85');
    const negative = theme('--negative', '#f6465d');
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: theme('--text-muted', '#848e9c'),
        fontSize: 10,
        fontFamily: theme('--font-sans', 'sans-serif'),
      },
      grid: {
        vertLines: { color: theme('--border', '#2b3139') },
        horzLines: { color: theme('--border', '#2b3139') },
      },
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.25 } },
      timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, rightOffset: 4 },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: positive,
      downColor: negative,
      wickUpColor: positive,
      wickDownColor: negative,
      borderVisible: false,
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const averages = MA_PERIODS.map((_, index) =>
      chart.addSeries(LineSeries, {
        color: MA_COLOURS[index] ?? '#888',
        lineWidth: 1,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
      }),
    );
    chartRef.current = chart;
    seriesRef.current = { candles, volume, averages };
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  // Prices on the market's tick, times in the reader's language and time zone.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series) return;
    // Each format is looked up on its first use (the crosshair's only once someone touches the chart), then kept.
    const time = (options: Intl.DateTimeFormatOptions) => {
      let format: Intl.DateTimeFormat | undefined;
      return (at: Time) => {
        format ??= dateTimeFormat(locale, options);
        return format.format(new Date((typeof at === 'number' ? at : 0) * 1000));
      };
    };
    const full = time({ dateStyle: 'short', timeStyle: 'short' });
    const day = time({ month: 'short', day: 'numeric' });
    const month = time({ month: 'short' });
    const year = time({ year: 'numeric' });
    const clock = time({ hour: '2-digit', minute: '2-digit' });
    chart.applyOptions({
      localization: {
        locale: intlTag(locale),
        priceFormatter: (price: number) => formatPrice(price.toFixed(decimalsOf(tickSize)), tickSize, locale),
        timeFormatter: full,
      },
      timeScale: {
        tickMarkFormatter: (at: Time, type: TickMarkType) => {
          if (type === TickMarkType.Year) return year(at);
          if (type === TickMarkType.Month) return month(at);
          if (type === TickMarkType.DayOfMonth) return day(at);
          return clock(at);
        },
      },
    });
    series.candles.applyOptions({
      priceFormat: { type: 'price', precision: decimalsOf(tickSize), minMove: Number(tickSize) },
    });
  }, [locale, tickSize]);

  // Data: the latest page, older pages when scrolled back, and the forming candle live.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series) return;
    const theme = themeReader();
    const positiveVolume = theme('--positive-soft', 'rgba(46,189,133,0.3)');
    const negativeVolume = theme('--negative-soft', 'rgba(246,70,93,0.3)');
    let data: Candle[] = [];
    let cancelled = false;
    let loadingOlder = false;
    let exhausted = false;
    let pending: Candle[] = [];
    let ready = false;

    const showLegend = () =>
      setLegend(MA_PERIODS.map((period) => movingAverage(data, period).at(-1)?.value ?? null));
    const volumeBar = (candle: Candle) => ({
      time: asTime(candle.time),
      value: Number(candle.volume),
      color: Number(candle.close) >= Number(candle.open) ? positiveVolume : negativeVolume,
    });
    const draw = () => {
      series.candles.setData(data.map(toBar));
      series.volume.setData(data.map(volumeBar));
      MA_PERIODS.forEach((period, index) => {
        const line: LineData<Time>[] = movingAverage(data, period).map((point) => ({
          time: asTime(point.time),
          value: point.value,
        }));
        series.averages[index]?.setData(line);
      });
      showLegend();
    };
    const applyLive = (candle: Candle) => {
      const last = data.at(-1);
      if (last && candle.time < last.time) return;
      data = mergeCandles(data, [candle]);
      series.candles.update(toBar(candle));
      series.volume.update(volumeBar(candle));
      MA_PERIODS.forEach((period, index) => {
        if (data.length < period) return;
        const window = data.slice(-period);
        const value = window.reduce((sum, item) => sum + Number(item.close), 0) / period;
        series.averages[index]?.update({ time: asTime(candle.time), value });
      });
      showLegend();
    };

    setLoading(true);
    setFailed(false);
    series.candles.setData([]);
    series.volume.setData([]);
    for (const line of series.averages) line.setData([]);

    const unsubscribe = follow(
      streams.candles,
      ({ interval: candleInterval, ...candle }) => {
        if (candleInterval !== interval) return;
        if (ready) applyLive(candle);
        else pending.push(candle);
      },
      { symbol, interval },
    );

    fetchCandles(symbol, interval).then(
      (page) => {
        if (cancelled) return;
        data = mergeCandles(page.items, pending);
        pending = [];
        ready = true;
        exhausted = page.items.length < CANDLE_PAGE_SIZE;
        draw();
        chart.timeScale().scrollToRealTime();
        setLoading(false);
      },
      () => {
        if (cancelled) return;
        setFailed(true);
        setLoading(false);
      },
    );

    const loadOlder = (range: LogicalRange | null) => {
      if (!range || !ready || loadingOlder || exhausted || range.from > LOAD_MORE_THRESHOLD) return;
      const oldest = data[0];
      if (!oldest) return;
      loadingOlder = true;
      fetchCandles(symbol, interval, oldest.time).then(
        (page) => {
          loadingOlder = false;
          if (cancelled) return;
          exhausted = page.items.length < CANDLE_PAGE_SIZE;
          const before = data.length;
          data = mergeCandles(page.items, data);
          const added = data.length - before;
          if (added === 0) return;
          // Keep the view where the reader is: the same candles stay on screen after the older ones arrive.
          const visible = chart.timeScale().getVisibleLogicalRange();
          draw();
          if (visible) {
            chart.timeScale().setVisibleLogicalRange({ from: visible.from + added, to: visible.to + added });
          }
        },
        () => {
          loadingOlder = false;
        },
      );
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(loadOlder);

    return () => {
      cancelled = true;
      unsubscribe();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(loadOlder);
    };
  }, [symbol, interval]);

  return (
    <div className={styles.wrap} dir="ltr">
      <MovingAverageLegend
        periods={MA_PERIODS}
        values={legend}
        colours={MA_COLOURS}
        tickSize={tickSize}
        locale={locale}
      />
      <div
        ref={container}
        className={styles.canvas}
        data-testid={TestId.marketChart}
        data-loading={loading ? 'true' : 'false'}
        data-interval={interval}
      />
      {failed ? (
        <p className={styles.overlay} role="alert">
          {t('marketsScreen.chartUnavailable')}
        </p>
      ) : null}
    </div>
  );
}

// Re-rendered for its own props only, not for every tick of the price above it.
export default memo(KlineChart);
