import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import styles from './List.module.css';

/** A rounded group of rows, as in the settings of exchange apps. */
export function ListGroup({ label, children }: { label?: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <section className={styles.group} aria-labelledby={label ? labelId : undefined}>
      {label ? (
        <h2 id={labelId} className={styles.groupLabel}>
          {label}
        </h2>
      ) : null}
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

type RowProps = {
  icon?: ReactNode;
  label: string;
  value?: ReactNode;
  testId?: string;
  chevron?: boolean;
} & ({ to: string; state?: unknown; onClick?: never } | { onClick: () => void; to?: never; state?: never });

/** One row: a link (`to`) or a button (`onClick`), with an icon, a label, an optional value and a chevron. */
export function ListRow({ icon, label, value, testId, chevron = true, ...action }: RowProps) {
  const content = (
    <>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <span className={styles.label}>{label}</span>
      {value !== undefined ? <span className={styles.value}>{value}</span> : null}
      {chevron ? (
        <ChevronRight className={['flip-rtl', styles.chevron].join(' ')} size={18} aria-hidden />
      ) : null}
    </>
  );
  return (
    <li>
      {action.to !== undefined ? (
        <Link className={styles.row} to={action.to} state={action.state} data-testid={testId}>
          {content}
        </Link>
      ) : (
        <button type="button" className={styles.row} onClick={action.onClick} data-testid={testId}>
          {content}
        </button>
      )}
    </li>
  );
}
