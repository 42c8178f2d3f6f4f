import type { SupportEvent } from '@kestrel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../api/unread';
import { realtime } from '../../lib/realtime';
import { useSession } from '../../session/useSession';
import styles from '../inbox/UnreadBadge.module.css';
import { type ChatMode, markMessages, supportKeys, useSupportUnreadQuery } from './queries';

const USER_MODE: ChatMode = { kind: 'user' };

/** The user's conversation channel (private: the stream sends it after `auth` with the user's token). */
const SUPPORT_CHANNEL = 'support';

/**
 * The service tab's badge: agents' messages the user has not read. Read from the server, polled, and counted
 * again as soon as the conversation's channel says an agent wrote or the user read.
 */
export function ServiceBadge({ testId, className }: { testId?: string; className?: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const { data: unread = 0 } = useSupportUnreadQuery(Boolean(token));
  useEffect(() => {
    if (!token) return;
    return realtime().subscribe(SUPPORT_CHANNEL, (data) => {
      const event = data as SupportEvent;
      if (event.type === 'message' && event.message.author === 'agent') {
        // The app has the answer: it is delivered, though not read until the chat shows it.
        void markMessages(USER_MODE, { delivered: event.message.id }).catch(() => undefined);
      }
      if ((event.type === 'message' && event.message.author === 'agent') || event.type === 'marks') {
        void queryClient.invalidateQueries({ queryKey: supportKeys.unread() });
      }
    });
  }, [token, queryClient]);
  if (!token || unread === 0) return null;
  return (
    <span
      className={[styles.badge, className ?? ''].filter(Boolean).join(' ')}
      data-testid={testId}
      role="status"
      aria-label={t('service.unreadCount', { count: unread })}
    >
      {badgeText(unread)}
    </span>
  );
}
