import { useTranslation } from 'react-i18next';
import { isTranslationKey } from '../i18n/i18n';

/** Turns a message key from a schema into text; an unknown key becomes the generic parameter error. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (key: string | undefined): string | undefined => {
    if (key === undefined) return undefined;
    return isTranslationKey(key) ? t(key) : t('validation.parameterError');
  };
}
