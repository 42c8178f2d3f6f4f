import { Dialog } from '@kestrel/ui';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../app/version';
import { Logo } from '../../components/Logo';
import { TestId } from '../../testIds';
import styles from './AboutSheet.module.css';

export function AboutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('settings.about')}
      closeLabel={t('common.close')}
      testId={TestId.aboutSheet}
    >
      <div className={styles.about}>
        <Logo size={64} />
        <p className={styles.name}>{t('app.name')}</p>
        <p className={styles.version}>{t('settings.version', { version: APP_VERSION })}</p>
        <p className={styles.body}>{t('settings.aboutBody')}</p>
      </div>
    </Dialog>
  );
}
