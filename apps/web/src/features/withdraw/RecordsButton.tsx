import { IconButton } from '@kestrel/ui';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';

/** The header button that opens the withdrawal records on the same screen. */
export function RecordsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton label={t('withdraw.records')} onClick={onClick} data-testid={TestId.withdrawRecordsOpen}>
      <ReceiptText size={22} aria-hidden />
    </IconButton>
  );
}
