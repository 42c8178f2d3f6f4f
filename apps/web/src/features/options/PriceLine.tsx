import type { OptionTick } from '@kestrel/contract';
import { parseDecimal } from '@kestrel/money';
import styles from './Options.module.css';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 4;

/**
 * The recorded ticks as a line, oldest at the start: a small SVG, no chart library. Drawing reads the prices as
 * numbers, which is fine for pixels; every figure the user reads is formatted from the decimal strings.
 */
export function PriceLine({
  ticks,
  label,
  testId,
}: {
  ticks: readonly OptionTick[];
  label: string;
  testId: string;
}) {
  const values = ticks.map((tick) => toNumber(tick.price));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  const points = values
    .map((value, index) => {
      const x = PAD + index * step;
      const y = HEIGHT - PAD - ((value - low) / span) * (HEIGHT - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const first = values[0];
  const last = values.at(-1);
  const trend =
    first === undefined || last === undefined || last === first ? 'flat' : last > first ? 'up' : 'down';
  return (
    // The line runs in time order, left to right in every language, as charts do: SVG coordinates never mirror.
    <svg
      className={styles.priceLine}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-trend={trend}
      data-points={values.length}
      data-testid={testId}
    >
      {values.length > 1 ? <polyline points={points} fill="none" vectorEffect="non-scaling-stroke" /> : null}
    </svg>
  );
}

function toNumber(price: string): number {
  const value = parseDecimal(price);
  return value ? Number(value.units) / 10 ** value.scale : 0;
}
