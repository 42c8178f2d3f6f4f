import { Notices } from '@kestrel/ui';
import { FirstPaintTestId as TestId } from '../../testIds.firstPaint';
import { dismissNotice, NOTICE_DURATION_MS, useNotices } from './noticeStore';

/** The top notice from the store: one at a time, a newer one replacing it, gone after a moment. */
export function NoticeViewport() {
  return (
    <Notices
      notices={useNotices()}
      onDismiss={dismissNotice}
      shownForMs={NOTICE_DURATION_MS}
      testId={TestId.notice}
    />
  );
}
