import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { showNotice } from './noticeStore';

/** Copies a text for the user and says whether it worked, as every copy button of the app does. */
export function useCopy(): (text: string) => Promise<void> {
  const { t } = useTranslation();
  return async (text) => {
    const copied = await copyText(text);
    showNotice(
      copied
        ? { tone: 'positive', message: t('common.copySuccess') }
        : { tone: 'negative', message: t('common.copyFailed') },
    );
  };
}
