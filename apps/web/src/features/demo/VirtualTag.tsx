import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { DemoTestId } from './testIds';
import styles from './VirtualTag.module.css';

/** "virtual" beside a balance, shown only in a demo account: its funds are never real money. */
export function VirtualTag({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  if (userInfo?.demo !== true) return null;
  return (
    <span className={[styles.tag, className].filter(Boolean).join(' ')} data-testid={DemoTestId.virtual}>
      {t('demo.virtual')}
    </span>
  );
}
