import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage';
import { formatTermDays } from './figures';

/** "Flexible" or the fixed term in days, as a product or an order names it. */
export function useTermLabel(): (termDays: number | null) => string {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (termDays) => (termDays === null ? t('earn.package.flexible') : formatTermDays(termDays, language));
}
