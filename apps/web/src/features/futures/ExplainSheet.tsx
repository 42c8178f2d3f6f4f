import type { ExplainQuery, Explanation } from '@kestrel/contract';
import { Dialog, Spinner } from '@kestrel/ui';
import { Calculator } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import styles from './FuturesTrading.module.css';
import { useFuturesExplanationQuery } from './queries';
import { FuturesTestId } from './testIds';

type Figure = Explanation['figures'][number];

type Props = {
  /** What to explain: a position (`side`) or a draft order; null while the sheet is closed. */
  query: ExplainQuery | null;
  /** The position or order the figures belong to, shown above them. */
  subject?: ReactNode;
  onClose: () => void;
};

/**
 * "How it is calculated": every figure behind a position or a draft order, exactly as the server computed it,
 * inputs first, then each calculated figure with its formula over the figures before it.
 */
export function ExplainSheet({ query, subject, onClose }: Props) {
  const { t } = useTranslation();
  const explanation = useFuturesExplanationQuery(query);
  if (!query) return null;
  const figures = explanation.data?.figures ?? [];
  const inputs = figures.filter((figure) => figure.formula === null);
  const calculated = figures.filter((figure) => figure.formula !== null);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('futures.screen.explain.title')}
      closeLabel={t('common.close')}
      testId={FuturesTestId.explainSheet}
    >
      {subject ? <p className={styles.sheetSubject}>{subject}</p> : null}
      <p className={styles.explainIntro}>
        {t(query.side ? 'futures.screen.explain.introPosition' : 'futures.screen.explain.introDraftOrder')}
      </p>
      {explanation.isError ? (
        <ErrorState message={explanation.error.message} onRetry={() => void explanation.refetch()} />
      ) : explanation.isPending ? (
        <div className={styles.explainLoading}>
          <Spinner size={20} />
        </div>
      ) : (
        <>
          <FigureGroup title={t('futures.screen.explain.inputs')} figures={inputs} />
          <FigureGroup title={t('futures.screen.explain.calculated')} figures={calculated} />
        </>
      )}
    </Dialog>
  );
}

function FigureGroup({ title, figures }: { title: string; figures: Figure[] }) {
  if (figures.length === 0) return null;
  return (
    <section className={styles.explainGroup} data-testid={FuturesTestId.explainGroup}>
      <h3 className={styles.explainHeading}>{title}</h3>
      <ul className={styles.explainFigures}>
        {figures.map((figure) => (
          <li key={figure.name} className={styles.explainFigure} data-testid={FuturesTestId.explainFigure}>
            <div className={styles.explainLine}>
              {/* Names and formulas are math notation: left to right in every language. */}
              <code className={styles.explainName} dir="ltr">
                {figure.name}
              </code>
              <span className={styles.explainValue} dir="ltr" data-testid={FuturesTestId.explainValue}>
                {/* A figure that does not exist (a liquidation price never reached) comes as ''. */}
                {figure.value === '' ? '--' : figure.value}
              </span>
            </div>
            {figure.formula === null ? null : (
              <code className={styles.explainFormula} dir="ltr" data-testid={FuturesTestId.explainFormula}>
                {figure.formula}
              </code>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The small link that opens the sheet, under the figures it explains. */
export function ExplainLink({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.explainLink}
      onClick={onClick}
      aria-haspopup="dialog"
      data-testid={testId}
    >
      <Calculator size={14} aria-hidden />
      {t('futures.screen.explain.open')}
    </button>
  );
}
