import { Notices } from '@kestrel/ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dismissNotice, NOTICE_SHOWN_MS, useNotices } from './notices';

/** The notices of the console's store, stacked in the top corner; each closes on its own after a while. */
export function ShownNotices() {
  const { t } = useTranslation();
  return (
    <Notices
      notices={useNotices()}
      onDismiss={dismissNotice}
      shownForMs={NOTICE_SHOWN_MS}
      dismissButton={{ label: t('admin.common.close'), icon: <X size={16} /> }}
      testId="notice"
    />
  );
}
