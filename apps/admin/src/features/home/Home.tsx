import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/admin';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { useLocale } from '../../i18n/i18n';

/**
 * The first page of reviewers and content editors. Their queues and tools arrive with later issues; until then
 * it says honestly what the role covers, with the admin's own profile and security.
 */
export function Home() {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const me = useMe();
  if (!me.data) return null;
  const admin = me.data;
  const covers = admin.role === 'reviewer' ? t('admin.home.reviewerCovers') : t('admin.home.contentCovers');
  return (
    <Page title={t('admin.nav.home')}>
      <Card title={t('admin.home.roleTitle', { role: t(`admin.roles.${admin.role}`) })} testId="role-card">
        <p>{covers}</p>
        <p className={pageStyles.muted}>{t('admin.home.comingSoon')}</p>
      </Card>
      <Card title={t('admin.home.profile')}>
        <Facts
          items={[
            { label: t('admin.admins.name'), value: admin.name },
            { label: t('admin.admins.email'), value: admin.email },
            { label: t('admin.admins.role'), value: t(`admin.roles.${admin.role}`) },
            { label: t('admin.home.since'), value: formatDate(admin.createdAt) },
            {
              label: t('admin.security.totpTitle'),
              value: admin.totpEnabled ? (
                t('admin.security.isEnabled')
              ) : (
                <Link to="/security">{t('admin.security.start')}</Link>
              ),
            },
          ]}
        />
      </Card>
    </Page>
  );
}
