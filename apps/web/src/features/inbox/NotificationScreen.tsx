import type { InboxMessage } from '@kestrel/contract';
import { Button } from '@kestrel/ui';
import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkAllReadMutation, useMessagesQuery, useUnreadCountQuery } from '../../api/inbox';
import { HOME_PATH, MESSAGE_DETAIL_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { relativeTime } from './messageTime';
import styles from './NotificationScreen.module.css';

function MessageRow({ message }: { message: InboxMessage }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <li>
      <Link
        to={`${MESSAGE_DETAIL_PATH}?id=${message.id}`}
        className={styles.row}
        data-testid={TestId.inboxItem}
        data-unread={message.read ? undefined : 'true'}
      >
        <span className={styles.marker}>
          {message.read ? null : (
            <span className={styles.dot} data-testid={TestId.inboxUnreadDot} title={t('inbox.unread')} />
          )}
        </span>
        <span className={styles.text}>
          <span className={styles.top}>
            <span className={message.read ? styles.title : `${styles.title} ${styles.unreadTitle}`}>
              {message.title}
            </span>
            <time className={styles.time} dateTime={message.createdAt}>
              {relativeTime(message.createdAt, language)}
            </time>
          </span>
          <span className={styles.preview}>{message.body}</span>
        </span>
      </Link>
    </li>
  );
}

/** /home/notification: the user's messages, newest first, with unread markers and "Mark all read". */
export function NotificationScreen() {
  const { t } = useTranslation();
  const messages = useMessagesQuery();
  const { data: unread = 0 } = useUnreadCountQuery();
  const markAll = useMarkAllReadMutation();
  useDocumentTitle(t('inbox.title'));

  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  const markAllRead = async () => {
    await markAll.mutateAsync();
    showNotice({ tone: 'positive', message: t('inbox.allMarkedRead') });
  };

  return (
    <div className={styles.screen}>
      <TopBar title={t('inbox.title')} backTo={HOME_PATH} />
      <main className={styles.main}>
        <div className={styles.toolbar}>
          <span className={styles.unreadSummary}>
            {unread > 0 ? t('inbox.unreadCount', { count: unread }) : null}
          </span>
          <button
            type="button"
            className={styles.markAll}
            onClick={markAllRead}
            disabled={!anyUnread || markAll.isPending}
            data-testid={TestId.inboxMarkAllRead}
          >
            <CheckCheck size={18} aria-hidden />
            <span>{t('inbox.markAllRead')}</span>
          </button>
        </div>
        {messages.isPending ? (
          <LoadingState />
        ) : messages.isError && items.length === 0 ? (
          <ErrorState message={messages.error.message} onRetry={() => messages.refetch()} />
        ) : items.length === 0 ? (
          <p className={styles.empty} data-testid={TestId.inboxEmpty}>
            {t('common.noData')}
          </p>
        ) : (
          <>
            <ul className={styles.list} data-testid={TestId.inboxList}>
              {items.map((message) => (
                <MessageRow key={message.id} message={message} />
              ))}
            </ul>
            {messages.hasNextPage ? (
              <Button
                variant="secondary"
                size="md"
                loading={messages.isFetchingNextPage}
                onClick={() => messages.fetchNextPage()}
              >
                {t('inbox.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
