import { ApiError } from '@kestrel/client';
import { SUPPORT_VISITOR_HEADER } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { Spinner } from '@kestrel/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/http';
import { HOME_PATH, LOGIN_PATH, MINE_PATH, ONLINE_PATH, REGISTER_PATH } from '../../app/paths';
import type { LoginState } from '../../app/RootLayout';
import { ErrorState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSession } from '../../session/useSession';
import { Chat } from './Chat';
import styles from './Chat.module.css';
import type { ChatMode } from './queries';
import { ServiceTestId } from './testIds';
import { dropVisitorToken, readVisitorToken, saveVisitorToken, VISITOR_TOKEN_KEY } from './visitorToken';

const USER_MODE: ChatMode = { kind: 'user' };

/** The service tab (/home/service): the signed-in user's conversation, in the tabbed shell. */
export function ServiceTabScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('service.title'));
  return (
    <div className={styles.screen} data-layout="tab">
      <TopBar title={t('service.title')} showBack={false} />
      <Chat mode={USER_MODE} />
    </div>
  );
}

/** /user/service: the same conversation as a page with a back button. */
export function ServicePageScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('service.title'));
  return (
    <div className={styles.screen} data-layout="page">
      <TopBar title={t('service.title')} backTo={MINE_PATH} />
      <Chat mode={USER_MODE} />
    </div>
  );
}

/**
 * /user/online, open without a token: an anonymous visitor chats in a visitor conversation (its token kept on
 * this device); a signed-in user sees their own conversation.
 */
export function OnlineScreen() {
  const { t } = useTranslation();
  const { token } = useSession();
  useDocumentTitle(t('service.title'));
  return (
    <div className={styles.screen} data-layout="page">
      <TopBar title={t('service.title')} backTo={HOME_PATH} />
      {token ? <Chat mode={USER_MODE} /> : <VisitorChat />}
    </div>
  );
}

/** The visitor's token: the one this device keeps, or a new one (an ended or unknown one is replaced). */
async function visitorToken(): Promise<string> {
  const kept = readVisitorToken();
  if (kept !== null) {
    try {
      await api.call(
        routes.getVisitorConversation,
        {},
        { quiet: true, headers: { [SUPPORT_VISITOR_HEADER]: kept } },
      );
      return kept;
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'business' || error.kind === 'unauthorized')))
        throw error;
      dropVisitorToken();
    }
  }
  const created = await api.call(routes.createSupportVisitor, {}, { quiet: true });
  saveVisitorToken(created.visitorToken);
  return created.visitorToken;
}

function VisitorChat() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useQuery({
    queryKey: VISITOR_TOKEN_KEY,
    queryFn: visitorToken,
    retry: false,
    staleTime: Infinity,
  });
  if (token.isPending) {
    return (
      <div className={styles.center}>
        <Spinner />
      </div>
    );
  }
  if (token.isError) {
    return (
      <div className={styles.center}>
        <ErrorState
          message={t('service.loadFailed')}
          onRetry={() => void queryClient.invalidateQueries({ queryKey: VISITOR_TOKEN_KEY })}
        />
      </div>
    );
  }
  // After signing in, the app comes back here and the conversation goes on in the account.
  const back: LoginState = { from: { pathname: ONLINE_PATH, search: '', hash: '' } };
  return (
    <Chat
      mode={{ kind: 'visitor', token: token.data }}
      footer={
        <p className={styles.visitorBar} data-testid={ServiceTestId.visitorSignIn}>
          <span>{t('service.visitorHint')}</span>
          <span>
            <Link to={LOGIN_PATH} state={back}>
              {t('service.signIn')}
            </Link>
            {' · '}
            <Link to={REGISTER_PATH} state={back}>
              {t('service.register')}
            </Link>
          </span>
        </p>
      }
    />
  );
}
