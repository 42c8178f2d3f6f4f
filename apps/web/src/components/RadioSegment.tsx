import { useId } from 'react';
import styles from './RadioSegment.module.css';

type Option<T extends string> = { value: T; label: string; testId?: string };

type Props<T extends string> = {
  legend: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  testId?: string;
};

/** A row of mutually exclusive choices, on native radio buttons (keyboard and screen readers for free). */
export function RadioSegment<T extends string>({ legend, options, value, onChange, testId }: Props<T>) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset} data-testid={testId}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className={styles.input}
              data-testid={option.testId}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
