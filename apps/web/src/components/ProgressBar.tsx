import { compareDecimals, decimalOf, divideDecimals, multiplyDecimals, parseDecimal } from '@kestrel/money';
import styles from './ProgressBar.module.css';

/** How far `value` is towards `target`, in whole percent from 0 to 100 (100 when the target needs nothing). */
export function percentOf(value: string, target: string): number {
  const reached = parseDecimal(value);
  const goal = parseDecimal(target);
  if (!reached || !goal || compareDecimals(goal, decimalOf('0')) <= 0) return 100;
  const percent = divideDecimals(multiplyDecimals(reached, decimalOf('100')), goal, 0, 'down');
  return Math.min(100, Math.max(0, Number(percent.units)));
}

type Props = {
  /** Where the user stands and what is needed, as decimal strings. */
  value: string;
  target: string;
  /** What the bar measures, for assistive technology. */
  label: string;
  /** The figures as the screen writes them ("$350 / $1,000"), announced in place of the bare percentage. */
  valueText?: string;
  testId?: string;
};

/** A bar that fills towards a target: from the start edge of the reading direction, so it fills leftwards in Arabic. */
export function ProgressBar({ value, target, label, valueText, testId }: Props) {
  const percent = percentOf(value, target);
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <span className={styles.fill} style={{ inlineSize: `${percent}%` }} data-complete={percent >= 100} />
    </div>
  );
}
