import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import styles from './NoticeViewport.module.css';
import { currentNotice, dismissNotice, NOTICE_DURATION_MS, subscribeNotice } from './noticeStore';

/** The top notice: one at a time, red for failures and green for successes, gone after a moment. */
export function NoticeViewport() {
  const notice = useSyncExternalStore(subscribeNotice, currentNotice, currentNotice);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => dismissNotice(notice.id), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  return (
    <div className={styles.viewport} aria-live="assertive" aria-atomic="true">
      {notice ? (
        <div
          key={notice.id}
          className={[styles.notice, styles[notice.tone]].join(' ')}
          role={notice.tone === 'negative' ? 'alert' : 'status'}
          data-testid={TestId.notice}
          data-tone={notice.tone}
        >
          {notice.tone === 'negative' ? (
            <CircleX size={20} aria-hidden className={styles.icon} />
          ) : (
            <CircleCheck size={20} aria-hidden className={styles.icon} />
          )}
          <span>{notice.message}</span>
        </div>
      ) : null}
    </div>
  );
}
