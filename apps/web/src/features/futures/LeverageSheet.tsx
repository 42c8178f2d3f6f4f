import { Button, Dialog } from '@kestrel/ui';
import { Minus, Plus, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './FuturesTrading.module.css';
import { needsLeverageConfirmation } from './futuresForm';
import { FuturesTestId } from './testIds';

type Props = {
  open: boolean;
  leverage: number;
  /** The highest leverage the market's brackets allow. */
  maxLeverage: number;
  saving: boolean;
  onClose: () => void;
  onSave: (leverage: number) => void;
};

/** Marks under the slider: 1x, the max, and round steps between. */
function marksUpTo(max: number): number[] {
  const steps = [1, 5, 10, 20, 50, 75, 100, 125].filter((mark) => mark < max);
  return [...steps, max];
}

/** The leverage sheet: a slider from 1 to the bracket's maximum; above 20x the user confirms the risk first. */
export function LeverageSheet({ open, leverage, maxLeverage, saving, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(leverage);
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(leverage);
      setConfirmed(false);
    }
  }, [open, leverage]);
  const choose = (next: number) => {
    setValue(Math.min(maxLeverage, Math.max(1, Math.round(next))));
    setConfirmed(false);
  };
  const risky = needsLeverageConfirmation(value);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('futures.screen.leverage.title')}
      closeLabel={t('common.close')}
      testId={FuturesTestId.leverageSheet}
      actions={
        <Button
          block
          loading={saving}
          disabled={risky && !confirmed}
          onClick={() => onSave(value)}
          data-testid={FuturesTestId.leverageSave}
        >
          {t('common.confirm')}
        </Button>
      }
    >
      <div className={styles.leverageValue}>
        <button
          type="button"
          className={styles.leverageStep}
          aria-label={t('futures.screen.leverage.lower')}
          onClick={() => choose(value - 1)}
        >
          <Minus size={18} aria-hidden />
        </button>
        <output dir="ltr" data-testid={FuturesTestId.leverageInput} aria-live="polite">
          {value}x
        </output>
        <button
          type="button"
          className={styles.leverageStep}
          aria-label={t('futures.screen.leverage.raise')}
          onClick={() => choose(value + 1)}
        >
          <Plus size={18} aria-hidden />
        </button>
      </div>
      <input
        type="range"
        className={styles.leverageSlider}
        min={1}
        max={maxLeverage}
        step={1}
        value={value}
        onChange={(event) => choose(Number(event.target.value))}
        aria-label={t('futures.screen.leverage.title')}
        aria-valuetext={`${value}x`}
      />
      <div className={styles.leverageMarks}>
        {marksUpTo(maxLeverage).map((mark) => (
          <button key={mark} type="button" onClick={() => choose(mark)} aria-pressed={value === mark}>
            {mark}x
          </button>
        ))}
      </div>
      <p className={styles.sheetHint}>{t('futures.screen.leverage.maxHint', { max: maxLeverage })}</p>
      {risky ? (
        <div className={styles.warning} role="alert">
          <TriangleAlert size={18} aria-hidden />
          <div>
            <p>{t('futures.screen.leverage.riskWarning', { leverage: value })}</p>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
                data-testid={FuturesTestId.leverageConfirm}
              />
              <span>{t('futures.screen.leverage.understand')}</span>
            </label>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
