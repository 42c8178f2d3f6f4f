import type { FuturesMarket, FuturesPosition } from '@kestrel/contract';
import { Button, Dialog } from '@kestrel/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/notice/noticeStore';
import { useLanguage } from '../../i18n/useLanguage';
import { formatPrice } from '../markets/format';
import { NumberField } from '../spot/OrderForm';
import { isPositive } from '../spot/orderMath';
import styles from './FuturesTrading.module.css';
import { PositionSubject } from './PositionSubject';
import { useSetTriggersMutation } from './queries';
import { FuturesTestId } from './testIds';

type Props = { market: FuturesMarket; position: FuturesPosition | null; onClose: () => void };

/** Sets or clears a position's take profit and stop loss (empty clears); the server checks them against liquidation. */
export function TriggersSheet({ market, position, onClose }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const save = useSetTriggersMutation();
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [invalid, setInvalid] = useState<'takeProfit' | 'stopLoss' | null>(null);
  useEffect(() => {
    setTakeProfit(position?.takeProfit ?? '');
    setStopLoss(position?.stopLoss ?? '');
    setInvalid(null);
  }, [position]);
  if (!position) return null;
  const submit = () => {
    if (takeProfit !== '' && !isPositive(takeProfit)) return setInvalid('takeProfit');
    if (stopLoss !== '' && !isPositive(stopLoss)) return setInvalid('stopLoss');
    save.mutate(
      {
        symbol: position.symbol,
        side: position.side,
        takeProfit: takeProfit === '' ? null : takeProfit,
        stopLoss: stopLoss === '' ? null : stopLoss,
      },
      {
        onSuccess: () => {
          showNotice({ tone: 'positive', message: t('futures.screen.triggersSaved') });
          onClose();
        },
      },
    );
  };
  const error = (field: 'takeProfit' | 'stopLoss') =>
    invalid === field ? t('futures.screen.errors.triggerInvalid') : undefined;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('futures.screen.triggersTitle')}
      closeLabel={t('common.close')}
      testId={FuturesTestId.triggersSheet}
      actions={
        <Button block loading={save.isPending} onClick={submit} data-testid={FuturesTestId.triggersSave}>
          {t('common.confirm')}
        </Button>
      }
    >
      <p className={styles.sheetSubject}>
        <PositionSubject market={market} position={position} />
      </p>
      <p className={styles.sheetFacts}>
        <span>{t('futures.screen.entryPrice')}</span>
        <span dir="ltr">{formatPrice(position.entryPrice, market.tickSize, language)}</span>
        <span>{t('futures.screen.markPrice')}</span>
        <span dir="ltr">{formatPrice(position.markPrice, market.tickSize, language)}</span>
        <span>{t('futures.screen.liquidationPrice')}</span>
        <span dir="ltr">
          {position.liquidationPrice
            ? formatPrice(position.liquidationPrice, market.tickSize, language)
            : '--'}
        </span>
      </p>
      <div className={styles.sheetFields}>
        <NumberField
          label={t('futures.screen.takeProfit')}
          value={takeProfit}
          onChange={(value) => {
            setTakeProfit(value);
            setInvalid(null);
          }}
          error={error('takeProfit')}
          testId={FuturesTestId.triggersTakeProfit}
        />
        <NumberField
          label={t('futures.screen.stopLoss')}
          value={stopLoss}
          onChange={(value) => {
            setStopLoss(value);
            setInvalid(null);
          }}
          error={error('stopLoss')}
          testId={FuturesTestId.triggersStopLoss}
        />
      </div>
      <p className={styles.sheetHint}>{t('futures.screen.triggersHint')}</p>
    </Dialog>
  );
}
