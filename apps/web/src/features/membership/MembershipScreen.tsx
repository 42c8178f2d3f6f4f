import type { MembershipView } from '@kestrel/contract';
import { dateTimeFormat, numberFormat } from '@kestrel/i18n';
import { Crown, Hourglass } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MINE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { ProgressBar } from '../../components/ProgressBar';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { isolate } from '../../lib/bidi';
import { formatUsd } from '../../lib/usd';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatDiscount, isReached, levelRow, targetOf } from './figures';
import styles from './Membership.module.css';
import { useMembershipQuery } from './queries';
import { MembershipTestId } from './testIds';

/** The figures of the centre as the reader's locale writes them. */
function useFigures() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return {
    /** "Regular" for level 0, which everyone has, else "VIP n". */
    levelName: (level: number) =>
      level === 0
        ? t('membership.regular')
        : t('membership.vip', { level: numberFormat(language, {}).format(level) }),
    usd: (figure: string) => formatUsd(figure, language),
    count: (value: number) => numberFormat(language, {}).format(value),
    /** A figure set inside a sentence, kept whole in a right-to-left one. */
    inText: (figure: string) => isolate(figure, language),
    discount: (fraction: string) => formatDiscount(fraction, language),
    moment: (iso: string) =>
      dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    date: (iso: string) => dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso)),
  };
}

/**
 * /home/membership (the spec's membership centre, shown by label only): the user's VIP level, a grace period in
 * progress, progress to the next level by either figure, and the benefits of every level.
 */
export function MembershipScreen() {
  const { t } = useTranslation();
  const membership = useMembershipQuery();
  useDocumentTitle(t('membership.title'));
  return (
    <div className={styles.screen} data-testid={MembershipTestId.screen}>
      <TopBar title={t('membership.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        {membership.isError ? (
          <ErrorState message={membership.error.message} onRetry={() => void membership.refetch()} />
        ) : membership.isPending ? (
          <LoadingState />
        ) : (
          <>
            <LevelCard view={membership.data} />
            <NextLevel view={membership.data} />
            <BenefitsTable view={membership.data} />
          </>
        )}
      </main>
    </div>
  );
}

function LevelCard({ view }: { view: MembershipView }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const row = levelRow(view, view.level);
  return (
    <section className={styles.levelCard} aria-label={t('membership.currentLevel')}>
      <div className={styles.levelHead}>
        <span className={styles.levelLabel}>{t('membership.currentLevel')}</span>
        <span className={styles.levelName} data-testid={MembershipTestId.level}>
          <Crown size={22} aria-hidden />
          {figures.levelName(view.level)}
        </span>
      </div>
      {row ? (
        <dl className={styles.discounts}>
          <div>
            <dt>{t('membership.makerDiscount')}</dt>
            <dd data-testid={MembershipTestId.makerDiscount}>{figures.discount(row.makerDiscount)}</dd>
          </div>
          <div>
            <dt>{t('membership.takerDiscount')}</dt>
            <dd data-testid={MembershipTestId.takerDiscount}>{figures.discount(row.takerDiscount)}</dd>
          </div>
        </dl>
      ) : null}
      {view.keptUntil ? (
        <div className={styles.grace} role="note" data-testid={MembershipTestId.grace}>
          <Hourglass size={16} aria-hidden className={styles.graceIcon} />
          <p>
            <strong>
              {t('membership.keptUntil', { date: figures.inText(figures.date(view.keptUntil)) })}
            </strong>{' '}
            {t('membership.graceBody', { level: figures.levelName(view.qualifiedLevel) })}
          </p>
        </div>
      ) : null}
      <p className={styles.snapshot} data-testid={MembershipTestId.snapshot}>
        {view.snapshotAt
          ? t('membership.snapshotAt', { time: figures.inText(figures.moment(view.snapshotAt)) })
          : t('membership.noSnapshot')}
      </p>
    </section>
  );
}

function NextLevel({ view }: { view: MembershipView }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const titleId = useId();
  const { next } = view;
  if (!next) {
    return (
      <p className={styles.topLevel} data-testid={MembershipTestId.topLevel}>
        {t('membership.topLevel')}
      </p>
    );
  }
  const row = levelRow(view, next.level);
  const bars = [
    {
      label: t('membership.volume'),
      current: view.volume30d,
      target: targetOf(row?.minVolume, view.volume30d, next.volumeNeeded),
      needed: next.volumeNeeded,
      ids: [MembershipTestId.volume, MembershipTestId.volumeBar, MembershipTestId.volumeMore],
    },
    {
      label: t('membership.holdings'),
      current: view.holdings,
      target: targetOf(row?.minHoldings, view.holdings, next.holdingsNeeded),
      needed: next.holdingsNeeded,
      ids: [MembershipTestId.holdings, MembershipTestId.holdingsBar, MembershipTestId.holdingsMore],
    },
  ] as const;
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={MembershipTestId.next}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t('membership.progressTitle', { level: figures.levelName(next.level) })}
      </h2>
      {bars.map(({ label, current, target, needed, ids: [figureId, barId, moreId] }) => {
        const shown = `${figures.usd(current)} / ${figures.usd(target)}`;
        return (
          <div key={label} className={styles.bar}>
            <div className={styles.barHead}>
              <span>{label}</span>
              <span className={styles.barFigures} data-testid={figureId}>
                <bdi>{figures.usd(current)}</bdi> / <bdi>{figures.usd(target)}</bdi>
              </span>
            </div>
            <ProgressBar value={current} target={target} label={label} valueText={shown} testId={barId} />
            <span className={styles.more} data-testid={moreId}>
              {isReached(needed)
                ? t('membership.reached')
                : t('membership.more', { amount: figures.inText(figures.usd(needed)) })}
            </span>
          </div>
        );
      })}
      <p className={styles.either}>{t('membership.eitherEnough')}</p>
    </section>
  );
}

function BenefitsTable({ view }: { view: MembershipView }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t('membership.table.title')}
      </h2>
      <div className={styles.tableScroll}>
        <table className={styles.table} aria-labelledby={titleId} data-testid={MembershipTestId.table}>
          <thead>
            <tr>
              <th scope="col">{t('membership.table.level')}</th>
              <th scope="col">{t('membership.table.volume')}</th>
              <th scope="col">{t('membership.table.holdings')}</th>
              <th scope="col">{t('membership.table.maker')}</th>
              <th scope="col">{t('membership.table.taker')}</th>
            </tr>
          </thead>
          <tbody>
            {view.levels.map((row) => {
              const mine = row.level === view.level;
              return (
                <tr
                  key={row.level}
                  className={mine ? styles.mine : undefined}
                  aria-current={mine ? 'true' : undefined}
                  data-testid={MembershipTestId.row(row.level)}
                >
                  <th scope="row">
                    {figures.levelName(row.level)}
                    {mine ? <span className={styles.yours}>{t('membership.table.yours')}</span> : null}
                  </th>
                  <td>
                    <bdi>{figures.usd(row.minVolume)}</bdi>
                  </td>
                  <td>
                    <bdi>{figures.usd(row.minHoldings)}</bdi>
                  </td>
                  <td>{figures.discount(row.makerDiscount)}</td>
                  <td>{figures.discount(row.takerDiscount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>{t('membership.table.note')}</p>
      {view.graceDays > 0 ? (
        <p className={styles.note}>{t('membership.graceRule', { days: figures.count(view.graceDays) })}</p>
      ) : null}
    </section>
  );
}
