import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/admin';
import { Card, Page } from '../../components/Page';
import { TotpEnabled, TotpEnrolment } from './TotpEnrolment';

/** The admin's own security: the authenticator that guards their sign-in. */
export function Security() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Page title={t('admin.nav.security')}>
      <Card title={t('admin.security.totpTitle')}>
        <p>{t('admin.security.totpLead')}</p>
        {me.data?.totpEnabled ? <TotpEnabled /> : <TotpEnrolment />}
      </Card>
    </Page>
  );
}
