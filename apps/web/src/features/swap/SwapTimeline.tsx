import { SWAP_STEP_SECONDS, SWAP_STEPS, type SwapOrderView } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage';
import { formatMoment, formatStepDuration, timeOfStep } from './format';
import styles from './Swap.module.css';
import { SwapTestId } from './testIds';

type StepState = 'done' | 'current' | 'ahead';

/**
 * The happy path's steps: those the order went through with their times, the one it is at, and each step's usual
 * length. An order that left the path (expired, cancelled, review, refund) shows where it stands after them.
 */
export function SwapTimeline({ order }: { order: Pick<SwapOrderView, 'status' | 'events'> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const reached = new Set(order.events.map((event) => event.status));
  const onPath = (SWAP_STEPS as readonly string[]).includes(order.status);
  const stateOf = (step: (typeof SWAP_STEPS)[number]): StepState => {
    if (step === order.status) return step === 'completed' ? 'done' : 'current';
    return reached.has(step) ? 'done' : 'ahead';
  };
  return (
    <section className={styles.card} aria-label={t('swap.order.progress')}>
      <ol className={styles.timeline}>
        {SWAP_STEPS.map((step) => {
          const state = stateOf(step);
          const at = timeOfStep(order, step);
          const usual =
            step in SWAP_STEP_SECONDS ? SWAP_STEP_SECONDS[step as keyof typeof SWAP_STEP_SECONDS] : null;
          return (
            <li key={step} className={styles.step} data-state={state} data-testid={SwapTestId.step(step)}>
              <span>{t(`swap.status.${step}`)}</span>
              {at && state !== 'ahead' ? (
                <time className={styles.stepNote} dateTime={at}>
                  {formatMoment(at, language)}
                </time>
              ) : usual ? (
                <span className={styles.stepNote}>
                  {t('swap.order.usually', {
                    min: formatStepDuration(usual.min, language),
                    max: formatStepDuration(usual.max, language),
                  })}
                </span>
              ) : null}
            </li>
          );
        })}
        {onPath ? null : (
          <li className={styles.step} data-state="current" data-testid={SwapTestId.step(order.status)}>
            <span>{t(`swap.status.${order.status}`)}</span>
            {timeOfStep(order, order.status) ? (
              <time className={styles.stepNote} dateTime={timeOfStep(order, order.status) ?? ''}>
                {formatMoment(timeOfStep(order, order.status) ?? '', language)}
              </time>
            ) : null}
          </li>
        )}
      </ol>
    </section>
  );
}
