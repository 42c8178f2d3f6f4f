import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { AnnouncementForm } from './AnnouncementForm';
import { SentAnnouncements } from './SentAnnouncements';

/** Content operators write announcements to every user or to one, and see what was sent before. */
export function Announcements() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.nav.announcements')}>
      <AnnouncementForm />
      <SentAnnouncements />
    </Page>
  );
}
