import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import type {
  ExplainQuery,
  FuturesMarket,
  FuturesPosition,
  MarginMode,
  PlaceFuturesOrderBody,
  PositionSide,
} from '@kestrel/contract';
import { ArrowRightLeft, ChevronDown } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRANSFER_PATH } from '../../app/paths';
import { showNotice } from '../../components/notice/noticeStore';
import { useLanguage } from '../../i18n/useLanguage';
import { useFieldMessage } from '../../lib/useFieldMessage';
import { VirtualTag } from '../demo/VirtualTag';
import { formatSize } from '../spot/format';
import { NumberField } from '../spot/OrderForm';
import { decimalOnly, SLIDER_MARKS } from '../spot/orderForm';
import { compareDecimals, onTick, stepPrice } from '../spot/orderMath';
import spot from '../spot/SpotTrading.module.css';
import { ExplainLink, ExplainSheet } from './ExplainSheet';
import styles from './FuturesTrading.module.css';
import {
  emptyFuturesDraft,
  explainQueryOf,
  type FormProblem,
  type FormTab,
  type FuturesDraft,
  liveFigures,
  orderBody,
  percentOfMax,
  sizeAtPercent,
} from './futuresForm';
import { usePlaceFuturesOrderMutation } from './queries';
import { FuturesTestId } from './testIds';

type Props = {
  market: FuturesMarket;
  leverage: number;
  marginMode: MarginMode;
  /** The futures account's available USDT; undefined while unknown. */
  available: string | undefined;
  positions: FuturesPosition[];
  /** A price picked in the order book; `at` changes with every tap. */
  picked: { price: string; at: number } | null;
  disabled: boolean;
  onLeverage: () => void;
  onMarginMode: () => void;
};

/**
 * The futures order form, as the best phone apps draw it: Open and Close tabs, margin mode and leverage, limit or
 * market, price, size with a slider, take profit and stop loss, then a Long and a Short button, each under its own
 * max and cost computed live from the market's brackets and the user's available balance.
 */
export function FuturesOrderForm(props: Props) {
  const { market, leverage, marginMode, available, positions, picked, disabled } = props;
  const { t } = useTranslation();
  const { language } = useLanguage();
  const message = useFieldMessage();
  const place = usePlaceFuturesOrderMutation();
  const attempts = useIdempotentSubmission((body: PlaceFuturesOrderBody) => [
    body.symbol,
    body.action,
    body.type,
    body.price,
    body.size,
    body.takeProfit,
    body.stopLoss,
  ]);
  const [draft, setDraft] = useState<FuturesDraft>(() => emptyFuturesDraft());
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [explaining, setExplaining] = useState<ExplainQuery | null>(null);
  const markPrice = market.markPrice ?? market.indexPrice;

  // The price starts at the mark price, once it is known.
  useEffect(() => {
    if (markPrice === null) return;
    setDraft((current) =>
      current.price === '' ? { ...current, price: onTick(markPrice, market.tickSize) } : current,
    );
  }, [markPrice, market.tickSize]);

  useEffect(() => {
    if (picked) setDraft((current) => ({ ...current, type: 'limit', price: picked.price }));
  }, [picked]);

  const update = (next: Partial<FuturesDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setProblems([]);
  };

  const figures = liveFigures({ draft, market, leverage, available, markPrice });
  const held = (side: PositionSide) => positions.find((position) => position.side === side)?.size ?? null;
  const opening = draft.tab === 'open';
  // The slider's whole: what either button can open, or the larger position to close.
  const sliderMax = opening
    ? smaller(figures.maxLong, figures.maxShort)
    : larger(held('long'), held('short'));
  const sliderValue = draft.size === '' ? 0 : percentOfMax(draft.size, sliderMax);

  const problemOf = (field: FormProblem['field']) => {
    const problem = problems.find((candidate) => candidate.field === field);
    return problem ? message(problem.key) : undefined;
  };

  const submit = (side: PositionSide) => {
    if (disabled || place.isPending) return;
    const check = orderBody(draft, market.symbol, side);
    if (!check.ok) {
      setProblems(check.problems);
      return;
    }
    const body = check.body;
    place.mutate(
      { body, key: attempts.keyFor(body) },
      {
        onSuccess: (order) => {
          attempts.settle();
          setDraft((current) => ({ ...current, size: '', takeProfit: '', stopLoss: '' }));
          const rejected = order.status === 'rejected' || order.status === 'cancelled';
          showNotice({
            tone: rejected ? 'negative' : 'positive',
            message: t(rejected ? 'futures.screen.notPlaced' : 'futures.screen.placed'),
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.kind === 'business') attempts.settle();
        },
      },
    );
  };

  // Each side has its own button; Enter in a field places nothing.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  const amount = (value: string | null, asset: string) =>
    value === null ? '--' : `${formatSize(value, language)} ${asset}`;

  const sideBlock = (side: PositionSide) => {
    const long = side === 'long';
    const explain = explainQueryOf(draft, market.symbol, side, { leverage, marginMode });
    return (
      <div className={styles.sideBlock}>
        <p className={styles.figure}>
          <span>{t(opening ? 'futures.screen.max' : 'futures.screen.position')}</span>
          <span dir="ltr" data-testid={long ? FuturesTestId.maxLong : FuturesTestId.maxShort}>
            {amount(opening ? (long ? figures.maxLong : figures.maxShort) : held(side), market.base)}
          </span>
        </p>
        {opening ? (
          <p className={styles.figure}>
            <span>{t('futures.screen.cost')}</span>
            <span dir="ltr" data-testid={long ? FuturesTestId.costLong : FuturesTestId.costShort}>
              {amount(long ? figures.costLong : figures.costShort, market.quote)}
            </span>
          </p>
        ) : null}
        {explain ? (
          <ExplainLink onClick={() => setExplaining(explain)} testId={FuturesTestId.explainDraft(side)} />
        ) : null}
        <button
          type="button"
          className={spot.submit}
          data-side={long ? 'buy' : 'sell'}
          disabled={disabled || place.isPending}
          aria-busy={place.isPending || undefined}
          data-testid={long ? FuturesTestId.submitLong : FuturesTestId.submitShort}
          onClick={() => submit(side)}
        >
          {t(`futures.screen.actions.${opening ? 'open' : 'close'}${long ? 'Long' : 'Short'}`)}
        </button>
      </div>
    );
  };

  return (
    <>
      <form
        className={spot.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('futures.screen.orderForm')}
        data-testid={FuturesTestId.form}
      >
        <div className={styles.tabs} role="tablist" aria-label={t('futures.screen.orderForm')}>
          {(['open', 'close'] as const satisfies FormTab[]).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={draft.tab === tab}
              className={styles.tab}
              onClick={() => update({ ...emptyFuturesDraft(tab), type: draft.type, price: draft.price })}
              data-testid={tab === 'open' ? FuturesTestId.tabOpen : FuturesTestId.tabClose}
            >
              {t(`futures.screen.tabs.${tab}`)}
            </button>
          ))}
        </div>

        <div className={styles.settings}>
          <button
            type="button"
            className={styles.setting}
            onClick={props.onMarginMode}
            aria-haspopup="dialog"
            data-testid={FuturesTestId.marginMode}
          >
            {t(`futures.screen.marginMode.${marginMode}`)}
            <ChevronDown size={14} aria-hidden />
          </button>
          <button
            type="button"
            className={styles.setting}
            onClick={props.onLeverage}
            aria-haspopup="dialog"
            aria-label={t('futures.screen.leverage.current', { leverage })}
            data-testid={FuturesTestId.leverage}
          >
            <span dir="ltr">{leverage}x</span>
            <ChevronDown size={14} aria-hidden />
          </button>
        </div>

        <div className={spot.types}>
          {(['limit', 'market'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={draft.type === value}
              className={spot.typeOption}
              onClick={() => update({ type: value })}
              data-testid={value === 'limit' ? FuturesTestId.typeLimit : FuturesTestId.typeMarket}
            >
              {t(`orders.${value}`)}
            </button>
          ))}
        </div>

        {draft.type === 'market' ? (
          <div className={spot.marketPrice}>{t('orders.marketPrice')}</div>
        ) : (
          <NumberField
            label={t('spot.priceIn', { asset: market.quote })}
            value={draft.price}
            onChange={(value) => update({ price: value })}
            error={problemOf('price')}
            testId={FuturesTestId.price}
            stepper={{
              down: () => update({ price: stepPrice(draft.price, market.tickSize, -1) }),
              up: () => update({ price: stepPrice(draft.price, market.tickSize, 1) }),
              downLabel: t('spot.priceDown'),
              upLabel: t('spot.priceUp'),
            }}
          />
        )}

        <NumberField
          label={t('futures.screen.sizeIn', { asset: market.base })}
          value={draft.size}
          onChange={(value) => update({ size: value })}
          error={problemOf('size')}
          testId={FuturesTestId.size}
        />

        <fieldset className={spot.slider} disabled={disabled || sliderMax === null}>
          <legend className={spot.visuallyHidden}>{t('futures.screen.percentOfMax')}</legend>
          <div className={spot.marks}>
            {SLIDER_MARKS.map((mark) => (
              <button
                key={mark}
                type="button"
                className={spot.mark}
                data-reached={sliderValue >= mark && (mark > 0 || sliderValue > 0) ? true : undefined}
                aria-pressed={sliderValue === mark && draft.size !== ''}
                onClick={() => sliderMax && update({ size: sizeAtPercent(sliderMax, mark, market.lotSize) })}
                data-testid={FuturesTestId.mark(mark)}
              >
                {mark}%
              </button>
            ))}
          </div>
          <div className={spot.track} aria-hidden>
            <div className={spot.trackFill} style={{ inlineSize: `${sliderValue}%` }} />
          </div>
        </fieldset>

        {opening ? (
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={draft.triggers}
              onChange={(event) => update({ triggers: event.target.checked })}
              data-testid={FuturesTestId.triggers}
            />
            <span>{t('futures.screen.tpsl')}</span>
          </label>
        ) : null}
        {opening && draft.triggers ? (
          <>
            <NumberField
              label={t('futures.screen.takeProfit')}
              value={draft.takeProfit}
              onChange={(value) => update({ takeProfit: decimalOnly(value) })}
              error={problemOf('takeProfit')}
              testId={FuturesTestId.takeProfit}
            />
            <NumberField
              label={t('futures.screen.stopLoss')}
              value={draft.stopLoss}
              onChange={(value) => update({ stopLoss: decimalOnly(value) })}
              error={problemOf('stopLoss')}
              testId={FuturesTestId.stopLoss}
            />
          </>
        ) : null}

        <div className={spot.available}>
          <span>
            {t('orders.available')}
            <VirtualTag />
          </span>
          <span className={styles.availableValue}>
            <span dir="ltr" data-testid={FuturesTestId.available}>
              {amount(available ?? null, market.quote)}
            </span>
            <Link
              // The transfer screen opens on spot → futures in USDT.
              to={TRANSFER_PATH}
              className={styles.transferLink}
              aria-label={t('futures.screen.transfer')}
              title={t('futures.screen.transfer')}
              data-testid={FuturesTestId.transfer}
            >
              <ArrowRightLeft size={14} aria-hidden />
            </Link>
          </span>
        </div>

        {sideBlock('long')}
        {sideBlock('short')}
      </form>
      <ExplainSheet
        query={explaining}
        subject={
          explaining?.action ? (
            <span className={spot.orderSide} data-side={explaining.action === 'openLong' ? 'buy' : 'sell'}>
              {t(`futures.screen.actions.${explaining.action}`)}
            </span>
          ) : null
        }
        onClose={() => setExplaining(null)}
      />
    </>
  );
}

const smaller = (a: string | null, b: string | null): string | null =>
  a === null || b === null ? (a ?? b) : compareDecimals(a, b) <= 0 ? a : b;

const larger = (a: string | null, b: string | null): string | null =>
  a === null || b === null ? (a ?? b) : compareDecimals(a, b) >= 0 ? a : b;
