import { IconButton } from '@kestrel/ui';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testIds';

/** The header button that opens the deposit records on the same screen. */
export function RecordsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton label={t('deposit.records')} onClick={onClick} data-testid={TestId.depositRecordsOpen}>
      <ReceiptText size={22} aria-hidden />
    </IconButton>
  );
}
