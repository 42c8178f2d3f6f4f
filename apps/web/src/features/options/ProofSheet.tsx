import type { OptionTick } from '@kestrel/contract';
import { dateTimeFormat, type Locale } from '@kestrel/i18n';
import { Dialog } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { useLanguage } from '../../i18n/useLanguage';
import { formatPeriod, productName } from './figures';
import styles from './Options.module.css';
import { formatStake, formatTickPrice } from './prices';
import { useOptionProofQuery } from './queries';
import { OptionsTestId } from './testIds';

/** Times to the millisecond: "strictly after" and "at or before" are checked on them. */
function exactTime(iso: string, locale: Locale): string {
  // Date and time styles cannot be combined with fractional seconds: the fields are named one by one.
  return dateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
  }).format(new Date(iso));
}

/**
 * An order's proof: the two recorded ticks its outcome was computed from, with their ids, prices and times, the
 * staleness window, and the published rule applied, in words. Open while `orderId` is set.
 */
export function ProofSheet({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const proof = useOptionProofQuery(orderId);
  const data = proof.data;

  return (
    <Dialog
      open={orderId !== null}
      onClose={onClose}
      title={t('options.proof.title')}
      closeLabel={t('common.close')}
      description={t('options.proof.intro')}
      testId={OptionsTestId.proofSheet}
    >
      {orderId === null ? null : proof.isPending ? (
        <LoadingState />
      ) : !data ? (
        <ErrorState
          message={proof.error?.message ?? t('options.proof.error')}
          onRetry={() => proof.refetch()}
        />
      ) : (
        <div className={styles.proof}>
          <p className={styles.proofOrder}>
            <span className={styles.badge} data-direction={data.order.direction}>
              {t(`options.orders.directions.${data.order.direction}`)}
            </span>{' '}
            {productName(data.order)} ·{' '}
            <span dir="ltr">{formatPeriod(data.order.periodSeconds, language)}</span> ·{' '}
            {t('options.orders.period', { number: data.order.periodNumber })} ·{' '}
            <span dir="ltr">{formatStake(data.order.amount, data.order.asset, language)}</span>
          </p>
          <TickCard
            title={t('options.proof.openTick')}
            tick={data.openTick}
            reference={{ label: t('options.proof.acceptedAt'), time: data.order.createdAt }}
            testId={OptionsTestId.proofTick('open')}
          />
          <TickCard
            title={t('options.proof.closeTick')}
            tick={data.closeTick}
            reference={{ label: t('options.proof.roundClose'), time: data.order.closeTime }}
            testId={OptionsTestId.proofTick('close')}
          />
          <dl className={styles.facts}>
            <div>
              <dt>{t('options.proof.staleWindow')}</dt>
              <dd data-testid={OptionsTestId.proofStale}>
                {t('options.proof.staleWindowValue', { seconds: data.staleSeconds })}
              </dd>
            </div>
          </dl>
          <section className={styles.rule}>
            <h3>{t('options.proof.rule')}</h3>
            <p data-testid={OptionsTestId.proofRule} data-rule={data.rule ?? undefined}>
              {data.rule ? t(`options.proof.rules.${data.rule}`) : t('options.proof.pending')}
            </p>
            {data.order.outcome ? (
              <p className={styles.outcome} data-outcome={data.order.outcome}>
                {t(`options.orders.outcomes.${data.order.outcome}`)}
              </p>
            ) : null}
          </section>
        </div>
      )}
    </Dialog>
  );
}

function TickCard({
  title,
  tick,
  reference,
  testId,
}: {
  title: string;
  tick: OptionTick | null;
  reference: { label: string; time: string };
  testId: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <section className={styles.tick} data-testid={testId}>
      <h3>
        {title}
        {tick ? <span className={styles.tickId}>{t('options.proof.tickId', { id: tick.id })}</span> : null}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('options.proof.price')}</dt>
          <dd dir={tick ? 'ltr' : undefined}>
            {tick ? formatTickPrice(tick.price, language) : t('options.proof.notRecorded')}
          </dd>
        </div>
        <div>
          <dt>{t('options.proof.recordedAt')}</dt>
          <dd>{tick ? exactTime(tick.time, language) : '--'}</dd>
        </div>
        <div>
          <dt>{reference.label}</dt>
          <dd>{exactTime(reference.time, language)}</dd>
        </div>
      </dl>
    </section>
  );
}
