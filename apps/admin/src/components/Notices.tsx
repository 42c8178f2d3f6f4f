import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotices } from '../app/notices';
import styles from './Notices.module.css';

/** The stack of short messages in the top corner: failures from the server and confirmations of changes. */
export function Notices() {
  const { t } = useTranslation();
  const notices = useNotices();
  return (
    <div className={styles.stack} aria-live="polite">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`${styles.notice} ${styles[notice.tone]}`}
          role={notice.tone === 'negative' ? 'alert' : 'status'}
          data-testid="notice"
        >
          <span className={styles.message}>{notice.message}</span>
          <button
            type="button"
            className={styles.close}
            onClick={() => dismissNotice(notice.id)}
            aria-label={t('admin.common.close')}
          >
            <X size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
