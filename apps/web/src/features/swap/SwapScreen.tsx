import {
  CHAIN_LABELS,
  isValidAddress,
  MEMO_CHAINS,
  SWAP_RATE_TYPES,
  type SwapAmountSide,
  type SwapCoin,
  type SwapOrderBody,
  type SwapPair,
  type SwapPairList,
  type SwapQuote,
  type SwapQuoteBody,
  type SwapRateType,
} from '@kestrel/contract';
import { formatDecimal, parseTypedDecimal } from '@kestrel/money';
import { Button, IconButton, TextField } from '@kestrel/ui';
import { ArrowDownUp, ChevronDown, ScrollText } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SWAP_ORDERS_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { RadioSegment } from '../../components/RadioSegment';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CoinSheet, sameCoin } from './CoinSheet';
import { amountOf, coinName, rateLine } from './format';
import { swapOrderPath } from './paths';
import { useCreateSwapOrderMutation, useSwapPairsQuery, useSwapQuoteQuery } from './queries';
import styles from './Swap.module.css';
import { SwapFaq } from './SwapFaq';
import { SwapTestId } from './testIds';
import { useDebounced } from './useDebounced';

/** How long typing must pause before a quote is asked. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * /current/mixCash: the swap. Two coins, an amount typed on either side (the other comes from the quote), a fixed
 * or floating rate, the receive address and the refund address; the order it creates opens at /current/swapOrder.
 * Open without an account.
 */
export function SwapScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pairs = useSwapPairsQuery();
  useDocumentTitle(t('swap.title'));
  return (
    <div className={styles.screen} data-testid={SwapTestId.screen}>
      <TopBar
        title={t('swap.title')}
        end={
          <IconButton
            label={t('swap.orders')}
            onClick={() => navigate(SWAP_ORDERS_PATH)}
            data-testid={SwapTestId.ordersLink}
          >
            <ScrollText size={22} aria-hidden />
          </IconButton>
        }
      />
      <main className={styles.main}>
        {pairs.isPending ? (
          <LoadingState />
        ) : pairs.isError ? (
          <ErrorState message={pairs.error.message} onRetry={() => void pairs.refetch()} />
        ) : pairs.data.items.length === 0 ? (
          <p className={styles.empty}>{t('common.noData')}</p>
        ) : (
          <SwapForm desk={pairs.data} first={pairs.data.items[0] as SwapPair} />
        )}
        <div className={styles.links}>
          <Link to={SWAP_ORDERS_PATH} className={styles.link}>
            {t('swap.orders')}
          </Link>
        </div>
        <SwapFaq />
      </main>
    </div>
  );
}

/** Each coin once, in the order the desk lists them. */
function uniqueCoins(coins: SwapCoin[]): SwapCoin[] {
  return coins.filter((coin, index) => coins.findIndex((other) => sameCoin(coin, other)) === index);
}

/** A typed amount in the wire's form ("12." → "12", ".5" → "0.5"); null when it is not a positive amount. */
function wireAmount(typed: string): string | null {
  const value = parseTypedDecimal(typed.replace(',', '.'));
  return value && value.units > 0n ? formatDecimal(value) : null;
}

type Typed = { side: SwapAmountSide; text: string };
type Field = 'amount' | 'receiveAddress' | 'refundAddress' | 'memo';

/** The form, for a desk with at least one pair: `first` is the pair it opens on. */
function SwapForm({ desk, first }: { desk: SwapPairList; first: SwapPair }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const create = useCreateSwapOrderMutation();
  const [from, setFrom] = useState<SwapCoin>({ asset: first.fromAsset, network: first.fromNetwork });
  const [to, setTo] = useState<SwapCoin>({ asset: first.toAsset, network: first.toNetwork });
  const [typed, setTyped] = useState<Typed>({ side: 'send', text: '' });
  const [rateType, setRateType] = useState<SwapRateType>('floating');
  const [receiveAddress, setReceiveAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [refundAddress, setRefundAddress] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sheet, setSheet] = useState<SwapAmountSide | null>(null);

  const sendCoins = useMemo(
    () => uniqueCoins(desk.items.map((pair) => ({ asset: pair.fromAsset, network: pair.fromNetwork }))),
    [desk.items],
  );
  const receiveCoinsOf = (coin: SwapCoin) =>
    uniqueCoins(
      desk.items
        .filter((pair) => pair.fromAsset === coin.asset && pair.fromNetwork === coin.network)
        .map((pair) => ({ asset: pair.toAsset, network: pair.toNetwork })),
    );
  const receiveCoins = receiveCoinsOf(from);
  const pair = desk.items.find(
    (each) =>
      each.fromAsset === from.asset &&
      each.fromNetwork === from.network &&
      each.toAsset === to.asset &&
      each.toNetwork === to.network,
  );
  const canReverse = sendCoins.some((coin) => sameCoin(coin, to));
  const memoShown = MEMO_CHAINS.includes(to.network);

  const settled = useDebounced(typed, QUOTE_DEBOUNCE_MS);
  const amount = wireAmount(settled.text);
  const body: SwapQuoteBody | null =
    pair && amount && settled === typed
      ? {
          fromAsset: from.asset,
          fromNetwork: from.network,
          toAsset: to.asset,
          toNetwork: to.network,
          amount,
          amountSide: typed.side,
          rateType,
        }
      : null;
  const quoteBody = useStableBody(body);
  const quote = useSwapQuoteQuery(quoteBody);
  // A quote is shown only for what is on screen now: not one for other coins, another side or an emptied field.
  const shown: SwapQuote | undefined =
    quote.data &&
    wireAmount(typed.text) !== null &&
    quote.data.fromAsset === from.asset &&
    quote.data.fromNetwork === from.network &&
    quote.data.toAsset === to.asset &&
    quote.data.toNetwork === to.network &&
    quote.data.rateType === rateType &&
    quote.data.amountSide === typed.side
      ? quote.data
      : undefined;
  const quoteError =
    quote.isError && !quote.isFetching && quoteBody !== null ? quote.error.message : undefined;

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const chooseFrom = (coin: SwapCoin) => {
    setFrom(coin);
    const options = receiveCoinsOf(coin);
    if (!options.some((each) => sameCoin(each, to)) && options[0]) setTo(options[0]);
    clear('refundAddress');
  };
  const chooseTo = (coin: SwapCoin) => {
    setTo(coin);
    clear('receiveAddress');
  };
  const reverse = () => {
    const nextFrom = to;
    const options = receiveCoinsOf(nextFrom);
    setFrom(nextFrom);
    setTo(options.find((each) => sameCoin(each, from)) ?? options[0] ?? from);
    setReceiveAddress(refundAddress);
    setRefundAddress(receiveAddress);
    setErrors({});
  };

  const addressProblem = (coin: SwapCoin, address: string, required: boolean): string | undefined => {
    const trimmed = address.trim();
    if (trimmed === '') return required ? t('swap.completeInformation') : undefined;
    return isValidAddress(coin.network, trimmed) ? undefined : t('cryptoWallets.invalidAddress');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found: Partial<Record<Field, string>> = {
      amount: wireAmount(typed.text) === null ? t('swap.completeInformation') : undefined,
      receiveAddress: addressProblem(to, receiveAddress, true),
      refundAddress: addressProblem(from, refundAddress, rateType === 'fixed'),
    };
    setErrors(found);
    const missing = Object.values(found).includes(t('swap.completeInformation'));
    if (missing) {
      showNotice({ tone: 'negative', message: t('swap.completeInformation') });
      return;
    }
    if (Object.values(found).some(Boolean)) return;
    if (quoteError) {
      showNotice({ tone: 'negative', message: quoteError });
      return;
    }
    // Only a quote for the amount on screen now becomes an order: not the one still shown while typing settles.
    if (!shown || quoteBody === null || quote.isPlaceholderData) {
      showNotice({ tone: 'negative', message: t('swap.quoting') });
      return;
    }
    const order: SwapOrderBody = {
      quoteId: shown.quoteId,
      receiveAddress: receiveAddress.trim(),
      ...(memoShown && memo.trim() ? { receiveMemo: memo.trim() } : {}),
      ...(refundAddress.trim() ? { refundAddress: refundAddress.trim() } : {}),
    };
    try {
      const created = await create.mutateAsync(order);
      navigate(swapOrderPath(created.id));
    } catch {
      // The request client showed why. A quote that expired meanwhile is renewed for the next try.
      void quote.refetch();
    }
  };

  const sendValue = typed.side === 'send' ? typed.text : (shown?.sendAmount ?? '');
  const receiveValue = typed.side === 'receive' ? typed.text : (shown?.receiveAmount ?? '');
  const min = shown?.min ?? pair?.min;
  const max = shown?.max ?? pair?.max;
  const rate = shown?.rate ?? pair?.rate;
  const fixedMinutes = Math.max(1, Math.round(desk.fixedRateSeconds / 60));

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('swap.title')}>
      {desk.simulated ? (
        <p className={styles.headline}>
          <span className={styles.simulated} data-testid={SwapTestId.simulated}>
            {t('markets.simulated')}
          </span>
          <span className={styles.muted}>{t('swap.simulatedHint')}</span>
        </p>
      ) : null}
      <section className={styles.card}>
        <TextField
          label={t('swap.send')}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder="0"
          value={sendValue}
          onChange={(event) => {
            setTyped({ side: 'send', text: event.target.value });
            clear('amount');
          }}
          error={errors.amount}
          trailing={
            <button
              type="button"
              className={styles.coinButton}
              onClick={() => setSheet('send')}
              aria-label={`${t('swap.chooseSend')}: ${coinName(from.asset, from.network)}`}
              data-testid={SwapTestId.sendCoin}
            >
              <bdi>{coinName(from.asset, from.network)}</bdi>
              <ChevronDown size={16} aria-hidden />
            </button>
          }
          data-testid={SwapTestId.sendAmount}
        />
        <button
          type="button"
          className={styles.reverse}
          onClick={reverse}
          disabled={!canReverse}
          aria-label={t('swap.reverse')}
          title={t('swap.reverse')}
          data-testid={SwapTestId.reverse}
        >
          <ArrowDownUp size={20} aria-hidden />
        </button>
        <TextField
          label={t('swap.receive')}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder="0"
          value={receiveValue}
          onChange={(event) => {
            setTyped({ side: 'receive', text: event.target.value });
            clear('amount');
          }}
          trailing={
            <button
              type="button"
              className={styles.coinButton}
              onClick={() => setSheet('receive')}
              aria-label={`${t('swap.chooseReceive')}: ${coinName(to.asset, to.network)}`}
              data-testid={SwapTestId.receiveCoin}
            >
              <bdi>{coinName(to.asset, to.network)}</bdi>
              <ChevronDown size={16} aria-hidden />
            </button>
          }
          data-testid={SwapTestId.receiveAmount}
        />
        {quoteError ? (
          <p className={styles.error} role="alert" data-testid={SwapTestId.quoteError}>
            {quoteError}
          </p>
        ) : quote.isFetching && quoteBody ? (
          <p className={styles.muted} role="status">
            {t('swap.quoting')}
          </p>
        ) : null}
        <dl className={styles.facts}>
          <div>
            <dt>{t('swap.rate')}</dt>
            <dd dir="ltr" data-testid={SwapTestId.rateLine}>
              {rate ? rateLine(rate, from.asset, to.asset, language) : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('swap.min')}</dt>
            <dd dir="ltr" data-testid={SwapTestId.min}>
              {min ? amountOf(min, from.asset, language) : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('swap.max')}</dt>
            <dd dir="ltr" data-testid={SwapTestId.max}>
              {max ? amountOf(max, from.asset, language) : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('swap.networkFee')}</dt>
            <dd dir="ltr" data-testid={SwapTestId.networkFee}>
              {pair ? amountOf(pair.networkFee, to.asset, language) : '--'}
            </dd>
          </div>
        </dl>
      </section>

      <section className={styles.card}>
        <RadioSegment
          legend={t('swap.rateType')}
          value={rateType}
          onChange={(next) => {
            setRateType(next);
            clear('refundAddress');
          }}
          options={SWAP_RATE_TYPES.map((type) => ({
            value: type,
            label: t(`swap.rateTypes.${type}`),
            testId: SwapTestId.rateType(type),
          }))}
        />
        <p className={styles.muted} data-testid={SwapTestId.rateHint}>
          {rateType === 'fixed' ? t('swap.fixedHint', { minutes: fixedMinutes }) : t('swap.floatingHint')}
        </p>
      </section>

      <section className={styles.card}>
        <TextField
          label={t('swap.receiveAddress')}
          placeholder={t('swap.addressPlaceholder', {
            asset: to.asset,
            network: CHAIN_LABELS[to.network],
          })}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={receiveAddress}
          onChange={(event) => {
            setReceiveAddress(event.target.value);
            clear('receiveAddress');
          }}
          onBlur={() =>
            setErrors((current) => ({
              ...current,
              receiveAddress: addressProblem(to, receiveAddress, false),
            }))
          }
          error={errors.receiveAddress}
          data-testid={SwapTestId.receiveAddress}
        />
        {memoShown ? (
          <TextField
            label={t('swap.memo')}
            hint={t('swap.memoHint')}
            autoComplete="off"
            dir="ltr"
            value={memo}
            onChange={(event) => setMemo(event.target.value)}
            data-testid={SwapTestId.memo}
          />
        ) : null}
        <TextField
          label={rateType === 'fixed' ? t('swap.refundAddress') : t('swap.refundAddressOptional')}
          placeholder={t('swap.addressPlaceholder', {
            asset: from.asset,
            network: CHAIN_LABELS[from.network],
          })}
          hint={t('swap.refundHint')}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={refundAddress}
          onChange={(event) => {
            setRefundAddress(event.target.value);
            clear('refundAddress');
          }}
          onBlur={() =>
            setErrors((current) => ({
              ...current,
              refundAddress: addressProblem(from, refundAddress, false),
            }))
          }
          error={errors.refundAddress}
          data-testid={SwapTestId.refundAddress}
        />
      </section>

      <Button type="submit" block loading={create.isPending} data-testid={SwapTestId.submit}>
        {t('swap.submit')}
      </Button>

      <CoinSheet
        open={sheet === 'send'}
        side="send"
        title={t('swap.chooseSend')}
        coins={sendCoins}
        current={from}
        onClose={() => setSheet(null)}
        onChoose={chooseFrom}
      />
      <CoinSheet
        open={sheet === 'receive'}
        side="receive"
        title={t('swap.chooseReceive')}
        coins={receiveCoins}
        current={to}
        onClose={() => setSheet(null)}
        onChoose={chooseTo}
      />
    </form>
  );
}

/** The same body object while its fields stay the same, so the quote's cache key does not churn on re-renders. */
function useStableBody(body: SwapQuoteBody | null): SwapQuoteBody | null {
  const key = body ? JSON.stringify(body) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body's fields, serialized, are its identity
  return useMemo(() => body, [key]);
}
