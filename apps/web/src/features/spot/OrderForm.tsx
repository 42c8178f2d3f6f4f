import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import {
  type OrderSide,
  type OrderType,
  type PlaceOrderBody,
  TIME_IN_FORCE,
  type TimeInForce,
} from '@kestrel/contract';
import { ChevronDown, Minus, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../components/notice/noticeStore';
import { useLanguage } from '../../i18n/useLanguage';
import { useFieldMessage } from '../../lib/useFieldMessage';
import { VirtualTag } from '../demo/VirtualTag';
import { formatSize } from './format';
import {
  checkDraft,
  decimalOnly,
  type FieldMessage,
  type FieldName,
  type Funds,
  type MarketRules,
  type OrderDraft,
  outcomeOf,
  SLIDER_MARKS,
  spendsTotal,
  withAmount,
  withPercent,
  withPrice,
  withTotal,
} from './orderForm';
import { isDecimal, isPositive, onTick, percentage, stepPrice } from './orderMath';
import { usePlaceOrderMutation } from './queries';
import styles from './SpotTrading.module.css';
import { SpotTestId } from './testIds';

type Props = {
  rules: MarketRules;
  funds: Funds | undefined;
  side: OrderSide;
  onSide: (side: OrderSide) => void;
  lastPrice: string | null;
  /** A price picked in the order book; `at` changes with every tap, so the same price can be picked again. */
  picked: { price: string; at: number } | null;
  disabled: boolean;
};

const emptyDraft = (side: OrderSide, type: OrderType = 'limit'): OrderDraft => ({
  side,
  type,
  price: '',
  amount: '',
  total: '',
  timeInForce: 'GTC',
  postOnly: false,
});

/** The buy and sell form: limit or market, price, amount and total in step, a slider over the funds. */
export function OrderForm({ rules, funds, side, onSide, lastPrice, picked, disabled }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const message = useFieldMessage();
  const place = usePlaceOrderMutation();
  // The fields that make the order: the same order sent again after a lost answer is placed at most once.
  const attempts = useIdempotentSubmission((body: PlaceOrderBody) => [
    body.symbol,
    body.side,
    body.type,
    body.price,
    body.size,
    body.total,
  ]);
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft(side));
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldMessage>>>({});
  const [attempted, setAttempted] = useState(false);

  // The side follows the tabs (and the address); the typed price stays.
  useEffect(() => {
    setDraft((current) =>
      current.side === side
        ? current
        : {
            ...emptyDraft(side, current.type),
            price: current.price,
            timeInForce: current.timeInForce,
            postOnly: current.postOnly,
          },
    );
    setErrors({});
    setAttempted(false);
  }, [side]);

  // The price starts at the last price, once it is known.
  useEffect(() => {
    if (lastPrice === null) return;
    setDraft((current) =>
      current.price === '' ? withPrice(current, onTick(lastPrice, rules.tickSize)) : current,
    );
  }, [lastPrice, rules.tickSize]);

  useEffect(() => {
    if (picked) setDraft((current) => withPrice({ ...current, type: 'limit' }, picked.price));
  }, [picked]);

  const update = (next: OrderDraft) => {
    setDraft(next);
    if (attempted) {
      const check = checkDraft(next, rules, funds ?? { base: '0', quote: '0' });
      setErrors(check.ok ? {} : check.errors);
    }
  };

  const available = side === 'buy' ? funds?.quote : funds?.base;
  const availableAsset = side === 'buy' ? rules.quote : rules.base;
  const spend = spendsTotal(draft);
  const market = draft.type === 'market';
  const sliderValue =
    available === undefined || !isPositive(available)
      ? 0
      : side === 'buy'
        ? isDecimal(draft.total) && draft.total !== ''
          ? percentage(draft.total, available)
          : 0
        : isDecimal(draft.amount) && draft.amount !== ''
          ? percentage(draft.amount, available)
          : 0;

  const text = (field: FieldName) => {
    const error = errors[field];
    if (!error) return undefined;
    return error.params ? t(error.key as never, error.params) : message(error.key);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || place.isPending) return;
    setAttempted(true);
    const check = checkDraft(draft, rules, funds ?? { base: '0', quote: '0' });
    if (!check.ok) {
      setErrors(check.errors);
      if (check.insufficient)
        showNotice({ tone: 'negative', message: t('money.errors.insufficientBalance') });
      return;
    }
    setErrors({});
    const body = check.body;
    place.mutate(
      { body, key: attempts.keyFor(body) },
      {
        onSuccess: (order) => {
          attempts.settle();
          setAttempted(false);
          setDraft((current) => ({ ...current, amount: '', total: '' }));
          const outcome = outcomeOf(order);
          showNotice({ tone: outcome.positive ? 'positive' : 'negative', message: t(outcome.key) });
        },
        onError: (error) => {
          // A refusal is final for that key; only an answer lost on the way keeps the key for a resend.
          if (error instanceof ApiError && error.kind === 'business') attempts.settle();
        },
      },
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t(side === 'buy' ? 'spot.buyAsset' : 'spot.sellAsset', { asset: rules.base })}
      data-testid={SpotTestId.form}
    >
      <div className={styles.sides} role="tablist" aria-label={t('spot.title')}>
        {(['buy', 'sell'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={side === value}
            className={styles.sideTab}
            data-side={value}
            onClick={() => onSide(value)}
            data-testid={value === 'buy' ? SpotTestId.sideBuy : SpotTestId.sideSell}
          >
            {t(`orders.${value}`)}
          </button>
        ))}
      </div>

      <div className={styles.types}>
        {(['limit', 'market'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={draft.type === value}
            className={styles.typeOption}
            onClick={() => update({ ...emptyDraft(side, value), price: draft.price })}
            data-testid={value === 'limit' ? SpotTestId.typeLimit : SpotTestId.typeMarket}
          >
            {t(`orders.${value}`)}
          </button>
        ))}
      </div>

      {market ? (
        <div className={styles.marketPrice}>{t('orders.marketPrice')}</div>
      ) : (
        <NumberField
          label={t('spot.priceIn', { asset: rules.quote })}
          value={draft.price}
          onChange={(value) => update(withPrice(draft, value))}
          error={text('price')}
          testId={SpotTestId.price}
          stepper={{
            down: () => update(withPrice(draft, stepPrice(draft.price, rules.tickSize, -1))),
            up: () => update(withPrice(draft, stepPrice(draft.price, rules.tickSize, 1))),
            downLabel: t('spot.priceDown'),
            upLabel: t('spot.priceUp'),
          }}
        />
      )}

      {market ? null : (
        <div className={styles.conditions}>
          <label className={styles.timeInForce}>
            <span className={styles.visuallyHidden}>{t('spot.timeInForce')}</span>
            <select
              value={draft.postOnly ? 'GTC' : draft.timeInForce}
              disabled={draft.postOnly}
              onChange={(event) => update({ ...draft, timeInForce: event.target.value as TimeInForce })}
              aria-describedby={`${SpotTestId.timeInForce}-hint`}
              data-testid={SpotTestId.timeInForce}
            >
              {TIME_IN_FORCE.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            <ChevronDown size={14} aria-hidden />
          </label>
          <label className={styles.postOnly}>
            <input
              type="checkbox"
              checked={draft.postOnly}
              onChange={(event) => update({ ...draft, postOnly: event.target.checked })}
              data-testid={SpotTestId.postOnly}
            />
            <span>{t('spot.postOnly')}</span>
          </label>
          <p id={`${SpotTestId.timeInForce}-hint`} className={styles.conditionHint}>
            {draft.postOnly ? t('spot.postOnlyHint') : t(`spot.timeInForceHint.${draft.timeInForce}`)}
          </p>
        </div>
      )}

      {spend ? null : (
        <NumberField
          label={t('spot.amountIn', { asset: rules.base })}
          value={draft.amount}
          onChange={(value) => update(withAmount(draft, value))}
          error={text('amount')}
          testId={SpotTestId.amount}
        />
      )}

      <fieldset className={styles.slider} data-testid={SpotTestId.slider} disabled={disabled || !funds}>
        <legend className={styles.visuallyHidden}>{t('spot.percentOfAvailable')}</legend>
        <div className={styles.marks}>
          {SLIDER_MARKS.map((mark) => (
            <button
              key={mark}
              type="button"
              className={styles.mark}
              data-reached={sliderValue >= mark && (mark > 0 || sliderValue > 0) ? true : undefined}
              aria-pressed={sliderValue === mark && (mark > 0 || draft.amount !== '' || draft.total !== '')}
              onClick={() => funds && update(withPercent(draft, mark, rules, funds))}
              data-testid={SpotTestId.mark(mark)}
            >
              {mark}%
            </button>
          ))}
        </div>
        <div className={styles.track} aria-hidden>
          <div className={styles.trackFill} style={{ inlineSize: `${sliderValue}%` }} />
        </div>
      </fieldset>

      {market && !spend ? null : (
        <NumberField
          label={t('spot.totalIn', { asset: rules.quote })}
          value={draft.total}
          onChange={(value) => update(withTotal(draft, value, rules))}
          error={text('total')}
          testId={SpotTestId.total}
        />
      )}

      <p className={styles.available} data-testid={SpotTestId.available}>
        <span>
          {t('orders.available')}
          <VirtualTag />
        </span>
        <span dir="ltr">
          {available === undefined ? '--' : formatSize(available, language)} {availableAsset}
        </span>
      </p>

      <button
        type="submit"
        className={styles.submit}
        data-side={side}
        disabled={disabled || place.isPending}
        aria-busy={place.isPending || undefined}
        data-testid={SpotTestId.submit}
      >
        {t(side === 'buy' ? 'spot.buyAsset' : 'spot.sellAsset', { asset: rules.base })}
      </button>
    </form>
  );
}

export function NumberField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
  stepper?: { down: () => void; up: () => void; downLabel: string; upLabel: string };
}) {
  const { label, value, onChange, error, testId, stepper } = props;
  const id = `${testId}-input`;
  return (
    <div className={styles.field}>
      <div className={styles.fieldControl} data-invalid={error ? true : undefined}>
        {stepper ? (
          <button type="button" className={styles.step} aria-label={stepper.downLabel} onClick={stepper.down}>
            <Minus size={16} aria-hidden />
          </button>
        ) : null}
        <label htmlFor={id} className={styles.fieldLabel}>
          <span>{label}</span>
          <input
            id={id}
            className={styles.fieldInput}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={value}
            onChange={(event) => onChange(decimalOnly(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid={testId}
          />
        </label>
        {stepper ? (
          <button type="button" className={styles.step} aria-label={stepper.upLabel} onClick={stepper.up}>
            <Plus size={16} aria-hidden />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
