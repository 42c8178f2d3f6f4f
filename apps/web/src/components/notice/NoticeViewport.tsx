import { Notices } from '@kestrel/ui';
import { useEffect, useSyncExternalStore } from 'react';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import { currentNotice, dismissNotice, NOTICE_DURATION_MS, subscribeNotice } from './noticeStore';

/** The top notice from the store: one at a time, a newer one replacing it, gone after a moment. */
export function NoticeViewport() {
  const notice = useSyncExternalStore(subscribeNotice, currentNotice, currentNotice);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => dismissNotice(notice.id), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  return <Notices notices={notice ? [notice] : []} onDismiss={dismissNotice} testId={TestId.notice} />;
}
