import { useTranslation } from 'react-i18next';
import { badgeText, useUnreadCountQuery } from '../../api/unread';
import { useSession } from '../../session/useSession';
import styles from './UnreadBadge.module.css';

/**
 * The unread count as a small badge (capped at 99+), nothing when all is read or nobody is signed in. It owns
 * the polling: wherever a badge is on screen, new messages show up without a reload.
 */
export function UnreadBadge({ testId, className }: { testId?: string; className?: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data: unread = 0 } = useUnreadCountQuery({ enabled: Boolean(token) });
  if (!token || unread === 0) return null;
  return (
    <span
      className={[styles.badge, className ?? ''].filter(Boolean).join(' ')}
      data-testid={testId}
      role="status"
      aria-label={t('inbox.unreadCount', { count: unread })}
    >
      {badgeText(unread)}
    </span>
  );
}
