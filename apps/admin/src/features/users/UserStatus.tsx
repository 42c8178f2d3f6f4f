import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Table';

export function UserStatus({ frozenAt }: { frozenAt: string | null }) {
  const { t } = useTranslation();
  return frozenAt ? (
    <Badge tone="negative">{t('admin.users.frozen')}</Badge>
  ) : (
    <Badge tone="positive">{t('admin.users.active')}</Badge>
  );
}
