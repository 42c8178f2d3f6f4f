import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import type { OptionDirection, OptionPeriod, OptionProduct, PlaceOptionOrderBody } from '@kestrel/contract';
import { formatQuantity } from '@kestrel/money';
import type { Round } from '@kestrel/options';
import { Button, Dialog, TextField } from '@kestrel/ui';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/notice/noticeStore';
import { useLanguage } from '../../i18n/useLanguage';
import { amountInText, useAmountCheck } from '../../lib/useAmountCheck';
import { VirtualTag } from '../demo/VirtualTag';
import { decimalOnly } from '../spot/orderForm';
import { useSpotBalancesQuery } from '../spot/queries';
import spot from '../spot/SpotTrading.module.css';
import {
  expectedProfitOf,
  formatPayoutRate,
  formatPeriod,
  maxStakeOf,
  productName,
  quickAmounts,
  stakePlacesOf,
} from './figures';
import styles from './Options.module.css';
import { formatStake } from './prices';
import { usePlaceOptionOrderMutation } from './queries';
import { OptionsTestId } from './testIds';

type Props = {
  product: OptionProduct;
  period: OptionPeriod;
  /** The round on sale now. */
  round: Round;
  disabled: boolean;
};

/**
 * The stake and the two buttons: amount with quick amounts inside the period's bounds, the payout rate and the
 * expected profit of a win, then Buy up or Buy down, each confirmed once more before it is sent.
 */
export function BuyOptionPanel({ product, period, round, disabled }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const checkAmount = useAmountCheck();
  const balances = useSpotBalancesQuery();
  const place = usePlaceOptionOrderMutation();
  // The same purchase sent again after a lost answer is bought at most once.
  const attempts = useIdempotentSubmission((body: PlaceOptionOrderBody) => [
    body.productId,
    body.periodSeconds,
    body.periodNumber,
    body.direction,
    body.amount,
  ]);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  // The direction and the round the buyer saw when they chose: a round turning while they confirm must not move
  // the order into the next round, so the server is named this one and refuses if its buying has closed.
  const [confirming, setConfirming] = useState<{ direction: OptionDirection; periodNumber: number } | null>(
    null,
  );

  const { asset } = product;
  const available = balances.data?.find((balance) => balance.asset === asset)?.available;
  // The server writes balances at the asset's precision; until one is known the stake's own bounds tell.
  const places = stakePlacesOf(available ?? period.maxStake);
  const problem =
    amount.trim() === ''
      ? tried
        ? t('money.errors.amountInvalid')
        : undefined
      : checkAmount(
          amount,
          {
            precision: places,
            min: period.minStake,
            max: period.maxStake,
            ...(available === undefined ? {} : { available }),
          },
          asset,
          // The spec's words for buying with too little balance, as the server says them.
          { aboveAvailable: t('money.errors.insufficientBalance') },
        );
  const profit = expectedProfitOf(amount, period.payoutRate, places);
  const stake = (value: string) => amountInText(formatStake(value, asset, language), language);
  const rate = formatPayoutRate(period.payoutRate, language);

  const ask = (direction: OptionDirection) => {
    setTried(true);
    if (disabled || amount.trim() === '' || problem) return;
    setConfirming({ direction, periodNumber: round.periodNumber });
  };

  const buy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirming || place.isPending) return;
    const body: PlaceOptionOrderBody = {
      productId: product.id,
      periodSeconds: period.seconds,
      direction: confirming.direction,
      amount: amount.trim(),
      periodNumber: confirming.periodNumber,
    };
    place.mutate(
      { body, key: attempts.keyFor(body) },
      {
        onSuccess: () => {
          attempts.settle();
          setConfirming(null);
          setAmount('');
          setTried(false);
          showNotice({ tone: 'positive', message: t('options.screen.purchased') });
        },
        onError: (error) => {
          // The server's refusal (credit running low, buying closed) is on the top notice already.
          if (error instanceof ApiError && error.kind === 'business') {
            attempts.settle();
            setConfirming(null);
          }
        },
      },
    );
  };

  return (
    <section className={styles.buy} aria-label={t('options.screen.tabs.buy')}>
      <TextField
        label={t('options.screen.amount', { asset })}
        value={amount}
        onChange={(event) => {
          setAmount(decimalOnly(event.target.value));
          setTried(false);
        }}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        placeholder={t('options.screen.amountPlaceholder')}
        error={problem}
        hint={
          <span data-testid={OptionsTestId.stakeRange}>
            {t('options.screen.stakeRange', { min: stake(period.minStake), max: stake(period.maxStake) })}
          </span>
        }
        data-testid={OptionsTestId.amount}
      />
      <fieldset className={styles.quick}>
        <legend className={spot.visuallyHidden}>{t('options.screen.quickAmounts')}</legend>
        {quickAmounts(period.minStake, period.maxStake).map((value) => (
          <button
            key={value}
            type="button"
            className={styles.chip}
            aria-pressed={amount === value}
            onClick={() => {
              setAmount(value);
              setTried(false);
            }}
            data-testid={OptionsTestId.quickAmount(value)}
          >
            <span dir="ltr">{formatQuantity(value, language)}</span>
          </button>
        ))}
        <button
          type="button"
          className={styles.chip}
          onClick={() => {
            setAmount(maxStakeOf(period.maxStake, available));
            setTried(false);
          }}
          data-testid={OptionsTestId.quickAmount('max')}
        >
          {t('futures.screen.max')}
        </button>
      </fieldset>

      <dl className={styles.facts}>
        <div>
          <dt>
            {t('options.screen.available')}
            <VirtualTag />
          </dt>
          <dd dir="ltr" data-testid={OptionsTestId.available}>
            {available === undefined ? '--' : formatStake(available, asset, language)}
          </dd>
        </div>
        <div>
          <dt>{t('options.screen.payoutRate')}</dt>
          <dd dir="ltr" data-testid={OptionsTestId.payoutRate}>
            {rate}
          </dd>
        </div>
        <div>
          <dt>{t('options.screen.expectedProfit')}</dt>
          <dd dir="ltr" className={styles.profit} data-testid={OptionsTestId.expectedProfit}>
            {profit === null || problem ? '--' : `+${formatStake(profit, asset, language)}`}
          </dd>
        </div>
      </dl>

      <div className={styles.directions}>
        <button
          type="button"
          className={styles.direction}
          data-direction="up"
          disabled={disabled}
          onClick={() => ask('up')}
          data-testid={OptionsTestId.buy('up')}
        >
          <ArrowUpRight size={20} aria-hidden />
          {t('options.screen.up')}
        </button>
        <button
          type="button"
          className={styles.direction}
          data-direction="down"
          disabled={disabled}
          onClick={() => ask('down')}
          data-testid={OptionsTestId.buy('down')}
        >
          <ArrowDownRight size={20} aria-hidden />
          {t('options.screen.down')}
        </button>
      </div>
      <p className={styles.hint}>{t('options.screen.ruleHint')}</p>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('options.screen.confirmTitle')}
        description={t('options.screen.confirmHint')}
        onSubmit={buy}
        testId={OptionsTestId.confirmSheet}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={place.isPending} data-testid={OptionsTestId.confirm}>
              {t('options.screen.confirm')}
            </Button>
          </>
        }
      >
        <dl className={styles.facts}>
          <div>
            <dt>{t('options.screen.products')}</dt>
            <dd>
              {productName(product)} · <span dir="ltr">{formatPeriod(period.seconds, language)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('options.screen.periodNumber')}</dt>
            <dd dir="ltr">{confirming?.periodNumber ?? round.periodNumber}</dd>
          </div>
          <div>
            <dt>{t('options.screen.direction')}</dt>
            <dd className={styles.directionText} data-direction={confirming?.direction}>
              {confirming ? t(`options.orders.directions.${confirming.direction}`) : null}
            </dd>
          </div>
          <div>
            <dt>{t('options.orders.amount')}</dt>
            <dd dir="ltr">{formatStake(amount || '0', asset, language)}</dd>
          </div>
          <div>
            <dt>{t('options.screen.payoutRate')}</dt>
            <dd dir="ltr">{rate}</dd>
          </div>
          <div>
            <dt>{t('options.screen.expectedProfit')}</dt>
            <dd dir="ltr" className={styles.profit}>
              {profit === null ? '--' : `+${formatStake(profit, asset, language)}`}
            </dd>
          </div>
        </dl>
      </Dialog>
    </section>
  );
}
