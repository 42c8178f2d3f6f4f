import { FlaskConical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';
import { compareDecimal } from './format';
import styles from './MarketBits.module.css';

/** The "Simulated" label shown wherever simulated prices show. */
export function SimulatedBadge({ testId = TestId.marketsSimulated }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.simulated} title={t('markets.simulatedHint')} data-testid={testId}>
      <FlaskConical size={12} aria-hidden />
      {t('markets.simulated')}
    </span>
  );
}

/** Two identical animations per direction, taken in turn. */
const FLASHES = {
  up: [styles.flashUp, styles.flashUpAgain],
  down: [styles.flashDown, styles.flashDownAgain],
};

/**
 * A price that flashes green or red for a moment when it changes. A CSS animation does the work, so nothing
 * re-renders while it plays; the next change restarts it by switching to the other of two identical animations.
 * The span itself stays: a new element for every tick would be a new "largest paint" to the browser, and the
 * page's loading would never seem to end.
 */
export function FlashPrice({
  value,
  children,
  className,
  testId,
}: {
  value: string | null;
  children: string;
  className?: string;
  testId?: string;
}) {
  const previous = useRef(value);
  const [flash, setFlash] = useState<{ up: boolean; count: number } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === null || value === null || before === value) return;
    const up = compareDecimal(value, before) > 0;
    setFlash((current) => ({ up, count: (current?.count ?? 0) + 1 }));
  }, [value]);
  const flashClass = flash ? FLASHES[flash.up ? 'up' : 'down'][flash.count % 2] : '';
  return (
    <span
      className={[className ?? '', flashClass].filter(Boolean).join(' ')}
      data-testid={testId}
      data-value={value ?? ''}
    >
      {children}
    </span>
  );
}
