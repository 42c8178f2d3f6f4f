import type { Candle } from '@kestrel/contract';

/*
 * Candle bookkeeping for the chart, kept free of the chart library so it can be tested on its own. Drawing needs
 * numbers (pixel positions); the exact strings stay in `Candle` and only the chart's copy is converted.
 */

/** Merges pages and live updates: one candle per start time, oldest first, a newer copy replacing an older one. */
export function mergeCandles(existing: readonly Candle[], incoming: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of existing) byTime.set(candle.time, candle);
  for (const candle of incoming) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The simple moving average of the closes over `period` candles, from the first candle with a full window. */
export function movingAverage(candles: readonly Candle[], period: number): { time: number; value: number }[] {
  const points: { time: number; value: number }[] = [];
  let sum = 0;
  const closes = candles.map((candle) => Number(candle.close));
  for (let index = 0; index < closes.length; index += 1) {
    sum += closes[index] ?? 0;
    if (index >= period) sum -= closes[index - period] ?? 0;
    const candle = candles[index];
    if (index >= period - 1 && candle) points.push({ time: candle.time, value: sum / period });
  }
  return points;
}

export const MA_PERIODS = [7, 25, 99] as const;
