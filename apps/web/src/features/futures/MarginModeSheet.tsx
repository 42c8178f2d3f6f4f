import { MARGIN_MODES, type MarginMode } from '@kestrel/contract';
import { Dialog } from '@kestrel/ui';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './FuturesTrading.module.css';
import { FuturesTestId } from './testIds';

type Props = {
  open: boolean;
  mode: MarginMode;
  onClose: () => void;
  onChoose: (mode: MarginMode) => void;
};

/** Cross or isolated, each with what it means; the server refuses a change while a position or order is open. */
export function MarginModeSheet({ open, mode, onClose, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('futures.screen.marginMode.title')}
      closeLabel={t('common.close')}
      testId={FuturesTestId.marginSheet}
    >
      <ul className={styles.choices}>
        {MARGIN_MODES.map((value) => (
          <li key={value}>
            <button
              type="button"
              className={styles.choice}
              aria-pressed={value === mode}
              onClick={() => onChoose(value)}
              data-testid={FuturesTestId.marginOption(value)}
            >
              <span className={styles.choiceText}>
                <strong>{t(`futures.screen.marginMode.${value}`)}</strong>
                <span>{t(`futures.screen.marginMode.${value}Hint`)}</span>
              </span>
              {value === mode ? <Check size={20} aria-hidden /> : null}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.sheetHint}>{t('futures.screen.marginMode.lockedHint')}</p>
    </Dialog>
  );
}
