import { Button } from '@kestrel/ui';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartDemoMutation } from '../../api/demo';
import { HOME_PATH } from '../../app/paths';
import { showNotice } from '../../components/notice/noticeStore';
import styles from './TryDemo.module.css';
import { DemoTestId } from './testIds';

/** "Try a demo account" on the login and register screens: one tap, no e-mail, virtual USDT. */
export function TryDemo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartDemoMutation();
  return (
    <section className={styles.tryDemo}>
      <p className={styles.or}>
        <span>{t('demo.or')}</span>
      </p>
      <Button
        variant="ghost"
        block
        icon={<FlaskConical size={18} aria-hidden />}
        loading={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: () => {
              showNotice({ tone: 'positive', message: t('demo.started') });
              navigate(HOME_PATH, { replace: true });
            },
          })
        }
        data-testid={DemoTestId.tryDemo}
      >
        {t('demo.tryDemo')}
      </Button>
      <p className={styles.hint}>{t('demo.tryDemoHint')}</p>
    </section>
  );
}
