import { useIdempotentSubmission } from '@kestrel/client';
import type { FuturesMarket, FuturesPosition } from '@kestrel/contract';
import { Button, Dialog } from '@kestrel/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/notice/noticeStore';
import { useLanguage } from '../../i18n/useLanguage';
import { formatSize } from '../spot/format';
import { NumberField } from '../spot/OrderForm';
import { compareDecimals, isPositive, onTick } from '../spot/orderMath';
import spot from '../spot/SpotTrading.module.css';
import styles from './FuturesTrading.module.css';
import { sizeAtPercent } from './futuresForm';
import { PositionSubject } from './PositionSubject';
import { useClosePositionMutation, usePlaceFuturesOrderMutation } from './queries';
import { FuturesTestId } from './testIds';

type Props = { market: FuturesMarket; position: FuturesPosition | null; onClose: () => void };

/** Quick sizes: a quarter, half or all of the position. */
const SHARES = [
  { percent: 25, name: 'quarter' },
  { percent: 50, name: 'half' },
  { percent: 100, name: 'all' },
] as const;

/**
 * Closes a position, all of it or a part (half, a quarter, or a typed size): at the market, or with a limit
 * order that closes only (closeLong / closeShort).
 */
export function ClosePositionSheet({ market, position, onClose }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const close = useClosePositionMutation();
  const place = usePlaceFuturesOrderMutation();
  const closeAttempts = useIdempotentSubmission((body: { symbol: string; side: string; size?: string }) => [
    body.symbol,
    body.side,
    body.size,
  ]);
  const limitAttempts = useIdempotentSubmission((body: { action: string; price?: string; size: string }) => [
    body.action,
    body.price,
    body.size,
  ]);
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const [size, setSize] = useState('');
  const [invalid, setInvalid] = useState<'price' | 'size' | null>(null);
  useEffect(() => {
    setType('market');
    setPrice(position ? onTick(position.markPrice, market.tickSize) : '');
    setSize(position?.size ?? '');
    setInvalid(null);
  }, [position, market.tickSize]);
  if (!position) return null;

  const done = () => {
    showNotice({ tone: 'positive', message: t('futures.screen.closePlaced') });
    onClose();
  };
  const submit = () => {
    if (!isPositive(size) || compareDecimals(size, position.size) > 0) return setInvalid('size');
    if (type === 'limit' && !isPositive(price)) return setInvalid('price');
    const all = compareDecimals(size, position.size) === 0;
    if (type === 'market') {
      const body = { symbol: position.symbol, side: position.side, ...(all ? {} : { size }) };
      close.mutate(
        { body, key: closeAttempts.keyFor(body) },
        {
          onSuccess: () => {
            closeAttempts.settle();
            done();
          },
        },
      );
      return;
    }
    const body = {
      symbol: position.symbol,
      action: position.side === 'long' ? ('closeLong' as const) : ('closeShort' as const),
      type: 'limit' as const,
      price,
      size,
    };
    place.mutate(
      { body, key: limitAttempts.keyFor(body) },
      {
        onSuccess: () => {
          limitAttempts.settle();
          done();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('futures.screen.closeTitle')}
      closeLabel={t('common.close')}
      testId={FuturesTestId.closeSheet}
      actions={
        <Button
          block
          variant="danger"
          loading={close.isPending || place.isPending}
          onClick={submit}
          data-testid={FuturesTestId.closeSubmit}
        >
          {t('futures.screen.close')}
        </Button>
      }
    >
      <p className={styles.sheetSubject}>
        <PositionSubject market={market} position={position} />
      </p>
      <div className={spot.types}>
        {(['market', 'limit'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={type === value}
            className={spot.typeOption}
            onClick={() => setType(value)}
            data-testid={FuturesTestId.closeType(value)}
          >
            {t(`orders.${value}`)}
          </button>
        ))}
      </div>
      <div className={styles.sheetFields}>
        {type === 'limit' ? (
          <NumberField
            label={t('spot.priceIn', { asset: market.quote })}
            value={price}
            onChange={(value) => {
              setPrice(value);
              setInvalid(null);
            }}
            error={invalid === 'price' ? t('orders.errors.priceRequired') : undefined}
            testId={FuturesTestId.closePrice}
          />
        ) : null}
        <NumberField
          label={t('futures.screen.sizeIn', { asset: market.base })}
          value={size}
          onChange={(value) => {
            setSize(value);
            setInvalid(null);
          }}
          error={invalid === 'size' ? t('futures.screen.errors.closeSize') : undefined}
          testId={FuturesTestId.closeSize}
        />
        <div className={styles.shares}>
          {SHARES.map(({ percent, name }) => (
            <button
              key={name}
              type="button"
              className={styles.secondaryButton}
              onClick={() => {
                setSize(
                  percent === 100 ? position.size : sizeAtPercent(position.size, percent, market.lotSize),
                );
                setInvalid(null);
              }}
              data-testid={FuturesTestId.closeShare(percent)}
            >
              {t(`futures.screen.shares.${name}`)}
            </button>
          ))}
        </div>
      </div>
      <p className={styles.sheetHint}>
        {t('futures.screen.positionSize', { size: formatSize(position.size, language), asset: market.base })}
      </p>
    </Dialog>
  );
}
