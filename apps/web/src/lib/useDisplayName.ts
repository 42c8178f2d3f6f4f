import type { PublicUser } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';

/** The user's nickname, or "User 10001" until they choose one. */
export function useDisplayName(user: PublicUser | null | undefined): string {
  const { t } = useTranslation();
  if (!user) return '';
  return user.nickname?.trim() || t('mine.defaultNickname', { id: user.id });
}
