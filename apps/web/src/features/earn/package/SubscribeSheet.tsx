import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import type { EarnProduct, EarnSubscriptionBody } from '@kestrel/contract';
import { parseDecimal } from '@kestrel/money';
import { Button, Dialog, TextField } from '@kestrel/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../components/notice/noticeStore';
import { useLanguage } from '../../../i18n/useLanguage';
import { amountInText, useAmountCheck } from '../../../lib/useAmountCheck';
import { VirtualTag } from '../../demo/VirtualTag';
import { decimalOnly } from '../../spot/orderForm';
import { useSpotBalancesQuery } from '../../spot/queries';
import { useDebounced } from '../../swap/useDebounced';
import styles from '../Earn.module.css';
import {
  formatAsset,
  formatDate,
  formatDay,
  formatRate,
  isPositive,
  maxSubscriptionOf,
  placesOf,
} from '../figures';
import { useEarnQuoteQuery, useSubscribeEarnMutation } from '../queries';
import { EarnTestId } from '../testIds';
import { useTermLabel } from '../useTermLabel';

/** How long the amount rests before its figures are asked for. */
const QUOTE_DEBOUNCE_MS = 300;

type Props = {
  product: EarnProduct;
  onClose: () => void;
  /** The subscription went through: the order exists. */
  onSubscribed: () => void;
};

/**
 * Subscribing to one product: the amount with the spot balance and a Max button, then every figure the order
 * will be paid by, from the server's quote (first day of interest, interest a day, and for a fixed term the
 * maturity and the whole term's interest, and the early redemption rule), before the user confirms once.
 */
export function SubscribeSheet({ product, onClose, onSubscribed }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const termOf = useTermLabel();
  const checkAmount = useAmountCheck();
  const balances = useSpotBalancesQuery();
  const subscribe = useSubscribeEarnMutation();
  // The same subscription sent again after a lost answer is made at most once.
  const attempts = useIdempotentSubmission((body: EarnSubscriptionBody) => [body.productId, body.amount]);
  const [amount, setAmount] = useState('');

  const { asset } = product;
  const available = balances.data?.find((balance) => balance.asset === asset)?.available;
  const room = maxSubscriptionOf(product, undefined);
  const places = Math.max(
    ...[available, product.minAmount, product.maxPerUser, product.quotaLeft, product.held].map((value) =>
      value === undefined ? 0 : placesOf(value),
    ),
  );
  const typed = amount.trim();
  const problem = checkAmount(
    typed,
    {
      precision: places,
      min: product.minAmount,
      max: room,
      ...(available === undefined ? {} : { available }),
    },
    asset,
    { aboveAvailable: t('money.errors.insufficientBalance') },
  );
  const settled = useDebounced(typed, QUOTE_DEBOUNCE_MS);
  const asking = typed !== '' && !problem && parseDecimal(typed) !== undefined;
  const quote = useEarnQuoteQuery(
    asking && settled === typed ? { productId: product.id, amount: typed } : null,
  );
  const figures = asking && settled === typed ? quote.data : undefined;
  const figure = (value: string) => amountInText(formatAsset(value, asset, language), language);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!figures || subscribe.isPending) return;
    const body: EarnSubscriptionBody = { productId: product.id, amount: typed };
    subscribe.mutate(
      { body, key: attempts.keyFor(body) },
      {
        onSuccess: () => {
          attempts.settle();
          showNotice({ tone: 'positive', message: t('orders.purchaseSuccessful') });
          onSubscribed();
        },
        onError: (error) => {
          // The server's refusal (quota filled, balance too low) is on the top notice already, in its words.
          if (error instanceof ApiError && error.kind === 'business') attempts.settle();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('earn.subscribe.title', { asset, term: termOf(product.termDays) })}
      closeLabel={t('common.close')}
      onSubmit={submit}
      testId={EarnTestId.subscribeSheet}
      actions={
        <Button
          type="submit"
          block
          disabled={!figures}
          loading={subscribe.isPending}
          data-testid={EarnTestId.subscribe}
        >
          {t('earn.subscribe.confirm')}
        </Button>
      }
    >
      <div className={styles.sheet}>
        <TextField
          label={t('earn.subscribe.amount', { asset })}
          value={amount}
          onChange={(event) => setAmount(decimalOnly(event.target.value))}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={t('earn.subscribe.amountPlaceholder')}
          error={problem}
          hint={t('earn.subscribe.range', { min: figure(product.minAmount), max: figure(room) })}
          trailing={
            <button
              type="button"
              className={styles.maxButton}
              onClick={() => setAmount(maxSubscriptionOf(product, available))}
              data-testid={EarnTestId.max}
            >
              {t('earn.subscribe.max')}
            </button>
          }
          data-testid={EarnTestId.amount}
        />
        <p className={styles.note} data-testid={EarnTestId.available}>
          {t('earn.subscribe.available', { amount: available === undefined ? '--' : figure(available) })}
          <VirtualTag />
        </p>

        <section className={styles.sheet} aria-live="polite" data-testid={EarnTestId.quote}>
          <h3 className={styles.figuresTitle}>{t('earn.subscribe.figures')}</h3>
          {figures ? (
            <dl className={styles.figures}>
              <div>
                <dt>{t('earn.package.annualRate')}</dt>
                <dd dir="ltr">{formatRate(figures.annualRate, language)}</dd>
              </div>
              <div>
                <dt>{t('earn.subscribe.accrualStartsOn')}</dt>
                <dd data-testid={EarnTestId.quoteAccrualStarts}>
                  {formatDay(figures.accrualStartsOn, language)}
                </dd>
              </div>
              <div>
                <dt>{t('earn.subscribe.dailyInterest')}</dt>
                <dd dir="ltr" data-testid={EarnTestId.quoteDailyInterest}>
                  {formatAsset(figures.dailyInterest, asset, language)}
                </dd>
              </div>
              {figures.maturesAt === null ? null : (
                <div>
                  <dt>{t('earn.subscribe.maturesAt')}</dt>
                  <dd data-testid={EarnTestId.quoteMaturity}>{formatDate(figures.maturesAt, language)}</dd>
                </div>
              )}
              {figures.totalInterest === null ? null : (
                <div className={styles.total}>
                  <dt>{t('earn.subscribe.totalInterest')}</dt>
                  <dd dir="ltr" data-testid={EarnTestId.quoteTotalInterest}>
                    +{formatAsset(figures.totalInterest, asset, language)}
                  </dd>
                </div>
              )}
            </dl>
          ) : (
            <p className={styles.note}>
              {asking && quote.isError
                ? quote.error.message
                : asking
                  ? t('earn.subscribe.quoting')
                  : t('earn.subscribe.enterAmount')}
            </p>
          )}
          <p className={styles.note} data-testid={EarnTestId.quoteRedemptionRule}>
            <strong>{t('earn.subscribe.earlyRedemption')}: </strong>
            <RedemptionRule product={product} />
          </p>
          {product.termDays === null ? null : (
            <p className={styles.note}>{t('earn.subscribe.principalBack')}</p>
          )}
        </section>
      </div>
    </Dialog>
  );
}

/** The product's rule for leaving before maturity, in words. */
function RedemptionRule({ product }: { product: EarnProduct }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { allowed, penaltyRate } = product.earlyRedemption;
  if (product.termDays === null) return t('earn.subscribe.flexibleRule');
  if (!allowed) return t('earn.subscribe.earlyNotAllowed');
  if (isPositive(penaltyRate)) {
    return t('earn.subscribe.earlyRuleWithPenalty', { rate: formatRate(penaltyRate, language) });
  }
  return t('earn.subscribe.earlyRule');
}
