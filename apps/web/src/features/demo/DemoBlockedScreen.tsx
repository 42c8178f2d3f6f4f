import { Button } from '@kestrel/ui';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../app/paths';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSession } from '../../session/useSession';
import styles from './DemoBlockedScreen.module.css';
import { demoKindOf } from './demoSession';
import { DemoTestId } from './testIds';
import { useDemoActions } from './useDemoActions';

/**
 * In place of a screen that moves real money (deposits, withdrawals, cards, wallets, the swap desk, rewards,
 * referral) in a demo session: says why, and leads to the real account, or to registering one. The screen's own
 * code never loads, so none of its refused requests is made.
 */
export function DemoBlockedScreen() {
  const { t } = useTranslation();
  const kind = demoKindOf(useSession());
  const actions = useDemoActions();
  useDocumentTitle(t('demo.blockedTitle'));
  return (
    <div className={styles.screen}>
      <TopBar backTo={HOME_PATH} />
      <main className={styles.main} data-testid={DemoTestId.blocked}>
        <span className={styles.art} aria-hidden>
          <FlaskConical size={36} strokeWidth={1.75} />
        </span>
        <h1 className={styles.title}>{t('demo.blockedTitle')}</h1>
        <p className={styles.body}>{t('demo.blockedBody')}</p>
        <p className={styles.body}>{kind === 'twin' ? t('demo.blockedTwin') : t('demo.blockedAnonymous')}</p>
        {kind === 'twin' ? (
          <Button block onClick={actions.toReal} data-testid={DemoTestId.toReal}>
            {t('demo.toReal')}
          </Button>
        ) : (
          <Button
            block
            loading={actions.toRegisterPending}
            onClick={() => void actions.toRegister()}
            data-testid={DemoTestId.toRegister}
          >
            {t('demo.register')}
          </Button>
        )}
      </main>
    </div>
  );
}
