import { Button } from '@kestrel/ui';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useMe } from '../../api/admin';
import { getToken } from '../../api/storage';
import { landingPath } from '../../app/sections';
import { useSignOut } from '../../app/useSignOut';
import { Card } from '../../components/Page';
import styles from '../login/Login.module.css';
import { TotpEnrolment } from './TotpEnrolment';

/** The stop between sign-in and the console when TOTP is required and this admin has not enrolled yet. */
export function Enrol() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const signOut = useSignOut();
  if (!getToken()) return <Navigate to="/login" replace />;
  return (
    <div className={styles.screen}>
      <Card title={t('admin.security.requiredTitle')} testId="enrol">
        <p className={styles.lead}>{t('admin.security.requiredLead')}</p>
        <TotpEnrolment
          startAtOnce
          onEnabled={() => navigate(me.data ? landingPath(me.data.role) : '/', { replace: true })}
        />
        <div>
          <Button variant="ghost" onClick={() => void signOut()} data-testid="logout">
            <LogOut size={16} aria-hidden />
            {t('admin.shell.logout')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
