import { ChevronRight, ExternalLink } from 'lucide-react';
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
} & (
  | { to: string; state?: unknown; onClick?: never; href?: never }
  | { onClick: () => void; to?: never; state?: never; href?: never }
  /** An address outside the app, opened in a new tab; `hint` tells assistive technology so. */
  | { href: string; hint: string; to?: never; state?: never; onClick?: never }
);

/**
 * One row: a link (`to`), a button (`onClick`) or an address outside the app (`href`, with an external mark in
 * place of the chevron), with an icon, a label and an optional value.
 */
export function ListRow({ icon, label, value, testId, chevron = true, ...action }: RowProps) {
  const content = (
    <>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <span className={styles.label}>{label}</span>
      {value !== undefined ? <span className={styles.value}>{value}</span> : null}
      {action.href !== undefined ? (
        <ExternalLink className={styles.chevron} size={16} aria-hidden />
      ) : chevron ? (
        <ChevronRight className={['flip-rtl', styles.chevron].join(' ')} size={18} aria-hidden />
      ) : null}
    </>
  );
  return (
    <li>
      {action.href !== undefined ? (
        <a
          className={styles.row}
          href={action.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${label}, ${action.hint}`}
          data-testid={testId}
        >
          {content}
        </a>
      ) : action.to !== undefined ? (
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
