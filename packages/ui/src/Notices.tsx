import { CircleCheck, CircleX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import styles from './Notices.module.css';

/** A short message about what just happened: a failure from the server or a change confirmed. */
export type ShownNotice = { id: number; tone: 'positive' | 'negative'; message: string };

type Props = {
  notices: readonly ShownNotice[];
  onDismiss: (id: number) => void;
  /** How long each notice stays on screen before it dismisses itself. */
  shownForMs: number;
  /**
   * A close button on each notice (the back office's). Its icon comes from the caller, so that the phone's first
   * paint, which has none, does not carry it.
   */
  dismissButton?: { label: string; icon: ReactNode };
  testId?: string;
};

/** Dismisses a notice once it has been on screen for its time. */
function DismissLater({ id, ms, onDismiss }: { id: number; ms: number; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(id), ms);
    return () => window.clearTimeout(timer);
  }, [id, ms, onDismiss]);
  return null;
}

/**
 * The notices at the top of the screen, red for failures and green for successes: the phone shows one across its
 * top, the back office (compact density) stacks them in the top corner.
 */
export function Notices({ notices, onDismiss, shownForMs, dismissButton, testId }: Props) {
  return (
    <div className={styles.stack} aria-live="polite">
      {notices.map((notice) => {
        const Icon = notice.tone === 'negative' ? CircleX : CircleCheck;
        return (
          <div
            key={notice.id}
            className={`${styles.notice} ${styles[notice.tone]}`}
            role={notice.tone === 'negative' ? 'alert' : 'status'}
            data-testid={testId}
            data-tone={notice.tone}
          >
            <DismissLater id={notice.id} ms={shownForMs} onDismiss={onDismiss} />
            <Icon size={20} aria-hidden className={styles.icon} />
            <span>{notice.message}</span>
            {dismissButton && (
              <button type="button" onClick={() => onDismiss(notice.id)} aria-label={dismissButton.label}>
                {dismissButton.icon}
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
