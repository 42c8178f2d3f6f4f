import { Notices } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotices } from './notices';

/** The notices of the console's store, stacked in the top corner; each closes on its own after a while. */
export function ShownNotices() {
  const { t } = useTranslation();
  return (
    <Notices
      notices={useNotices()}
      onDismiss={dismissNotice}
      dismissLabel={t('admin.common.close')}
      testId="notice"
    />
  );
}
