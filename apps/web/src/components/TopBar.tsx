import { IconButton } from '@kestrel/ui';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import styles from './TopBar.module.css';

type Props = {
  title?: string;
  /** Where Back goes when the app was opened on this page (no history inside the app). */
  backTo?: string;
  showBack?: boolean;
  end?: ReactNode;
  /** In place of the title: a control such as the Spot | Futures switch. */
  center?: ReactNode;
};

export function TopBar({ title, backTo = '/home/index', showBack = true, end, center }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    // 'default' is the key of the first entry the app was opened on: there is nothing of ours to go back to.
    if (location.key === 'default') navigate(backTo, { replace: true });
    else navigate(-1);
  };
  return (
    <header className={styles.bar}>
      <div className={styles.side}>
        {showBack ? (
          <IconButton label={t('common.back')} onClick={goBack}>
            <ChevronLeft className="flip-rtl" size={24} aria-hidden />
          </IconButton>
        ) : null}
      </div>
      {center ? (
        <div className={styles.center}>{center}</div>
      ) : title ? (
        <h1 className={styles.title}>{title}</h1>
      ) : (
        <span />
      )}
      <div className={[styles.side, styles.end].join(' ')}>{end}</div>
    </header>
  );
}
