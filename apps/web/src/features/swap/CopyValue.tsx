import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../components/notice/useCopy';
import styles from './Swap.module.css';
import { SwapTestId } from './testIds';

/** A value the visitor copies into their wallet (an amount, a memo, the order number), with its copy button. */
export function CopyValue({
  value,
  shown = value,
  name,
  testId,
}: {
  /** What is copied: the exact wire text, never the formatted one. */
  value: string;
  /** What is shown, when it differs from what is copied (an amount with its asset). */
  shown?: string;
  /** Test id suffix of the copy button. */
  name: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const copyWithNotice = useCopy();
  const copy = () => copyWithNotice(value);
  return (
    <div className={styles.copyRow}>
      <bdi className={styles.copyValue} dir="ltr" data-testid={testId}>
        {shown}
      </bdi>
      <button type="button" className={styles.copy} onClick={copy} data-testid={SwapTestId.copy(name)}>
        <Copy size={16} aria-hidden />
        {t('common.copy')}
      </button>
    </div>
  );
}
