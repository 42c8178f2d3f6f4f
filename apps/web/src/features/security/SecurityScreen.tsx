import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUserInfoQuery } from '../../api/user';
import { MINE_PATH } from '../../app/paths';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { LoginPasswordForm } from './LoginPasswordForm';
import { SecurityPasswordForm } from './SecurityPasswordForm';
import styles from './SecurityScreen.module.css';

type Segment = 'login' | 'security';

/** /user/editSafePassword: the login password and the security (payment) password. `?tab=security` opens the second. */
export function SecurityScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const segment: Segment = params.get('tab') === 'security' ? 'security' : 'login';
  const { data: user } = useUserInfoQuery();
  useDocumentTitle(t('security.title'));

  const select = (next: Segment) =>
    setParams(next === 'security' ? { tab: 'security' } : {}, { replace: true });

  return (
    <div className={styles.screen}>
      <TopBar title={t('security.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        <SegmentedTabs
          label={t('security.title')}
          value={segment}
          onChange={select}
          options={[
            { value: 'login', label: t('security.loginPasswordTab'), testId: TestId.securityTabLogin },
            {
              value: 'security',
              label: t('security.securityPasswordTab'),
              testId: TestId.securityTabSecurity,
            },
          ]}
        />
        {segment === 'login' ? (
          <LoginPasswordForm />
        ) : user ? (
          <SecurityPasswordForm
            key={String(user.hasSecurityPassword)}
            hasSecurityPassword={user.hasSecurityPassword}
          />
        ) : null}
      </main>
    </div>
  );
}
