import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Swap.module.css';
import { SwapTestId } from './testIds';

const QUESTIONS = ['duration', 'rates', 'wrongAmount', 'account', 'orderNumber'] as const;

/** The swap's FAQ: how long it takes, the two rates, a wrong amount, no account needed, the order number. */
export function SwapFaq() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      className={[styles.card, styles.faq].join(' ')}
      aria-labelledby={titleId}
      data-testid={SwapTestId.faq}
    >
      <h2 id={titleId} className={styles.sideLabel}>
        {t('swap.faq.title')}
      </h2>
      {QUESTIONS.map((question) => (
        <details key={question}>
          <summary>{t(`swap.faq.${question}Question`)}</summary>
          <p>{t(`swap.faq.${question}Answer`)}</p>
        </details>
      ))}
    </section>
  );
}
