import { CircleCheck, CircleX, X } from 'lucide-react';
import { useEffect } from 'react';
import styles from './Notices.module.css';

/** A short message about what just happened: a failure from the server or a change confirmed. */
export type ShownNotice = { id: number; tone: 'positive' | 'negative'; message: string };

type Props = {
  notices: readonly ShownNotice[];
  onDismiss: (id: number) => void;
  /** The close button's name; without it a notice has no close button and leaves on its own. */
  dismissLabel?: string;
  /** Dismisses each notice this long after it appeared, for a store that does not time them itself. */
  dismissAfterMs?: number;
  testId?: string;
};

/**
 * The notices at the top of the screen, red for failures and green for successes: the phone shows one across its
 * top, the back office (compact density) stacks them in the top corner with a close button.
 */
export function Notices({ notices, onDismiss, dismissLabel, dismissAfterMs, testId }: Props) {
  return (
    <div className={styles.stack} aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem
          key={notice.id}
          notice={notice}
          onDismiss={onDismiss}
          dismissLabel={dismissLabel}
          dismissAfterMs={dismissAfterMs}
          testId={testId}
        />
      ))}
    </div>
  );
}

function NoticeItem({
  notice,
  onDismiss,
  dismissLabel,
  dismissAfterMs,
  testId,
}: Omit<Props, 'notices'> & { notice: ShownNotice }) {
  useEffect(() => {
    if (dismissAfterMs === undefined) return;
    const timer = window.setTimeout(() => onDismiss(notice.id), dismissAfterMs);
    return () => window.clearTimeout(timer);
  }, [notice.id, onDismiss, dismissAfterMs]);

  const Icon = notice.tone === 'negative' ? CircleX : CircleCheck;
  return (
    <div
      className={[styles.notice, styles[notice.tone]].join(' ')}
      role={notice.tone === 'negative' ? 'alert' : 'status'}
      data-testid={testId}
      data-tone={notice.tone}
    >
      <Icon size={20} aria-hidden className={styles.icon} />
      <span className={styles.message}>{notice.message}</span>
      {dismissLabel ? (
        <button
          type="button"
          className={styles.close}
          onClick={() => onDismiss(notice.id)}
          aria-label={dismissLabel}
        >
          <X size={16} />
        </button>
      ) : null}
    </div>
  );
}
