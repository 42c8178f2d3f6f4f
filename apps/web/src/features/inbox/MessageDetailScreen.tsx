import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMarkReadMutation, useMessageQuery } from '../../api/inbox';
import { NOTIFICATION_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import styles from './MessageDetailScreen.module.css';
import { fullTime } from './messageTime';

function messageId(raw: string | null): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /home/messageDetail?id=…: one message as plain text (never HTML), marked read once it is shown. */
export function MessageDetailScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [searchParams] = useSearchParams();
  const id = messageId(searchParams.get('id'));
  const message = useMessageQuery(id);
  const { mutate: markRead } = useMarkReadMutation();
  useDocumentTitle(t('inbox.detailTitle'));

  const unreadId = message.data && !message.data.read ? message.data.id : undefined;
  useEffect(() => {
    if (unreadId !== undefined) markRead(unreadId);
  }, [unreadId, markRead]);

  return (
    <div className={styles.screen}>
      <TopBar title={t('inbox.detailTitle')} backTo={NOTIFICATION_PATH} />
      <main className={styles.main}>
        {id === undefined ? (
          <p className={styles.empty}>{t('common.noData')}</p>
        ) : message.data ? (
          <article className={styles.article} data-testid={TestId.messageDetail}>
            <h2 className={styles.title}>{message.data.title}</h2>
            <time className={styles.time} dateTime={message.data.createdAt}>
              {fullTime(message.data.createdAt, language)}
            </time>
            <p className={styles.body} data-testid={TestId.messageDetailBody}>
              {message.data.body}
            </p>
          </article>
        ) : message.isError ? (
          <ErrorState message={message.error.message} onRetry={() => message.refetch()} />
        ) : (
          <LoadingState />
        )}
      </main>
    </div>
  );
}
