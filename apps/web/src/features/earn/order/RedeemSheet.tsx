import { ApiError, useIdempotentSubmission } from '@kestrel/client';
import type { EarnOrderView } from '@kestrel/contract';
import { Button, Dialog } from '@kestrel/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/ErrorState';
import { showNotice } from '../../../components/notice/noticeStore';
import { useLanguage } from '../../../i18n/useLanguage';
import styles from '../Earn.module.css';
import { formatAsset } from '../figures';
import { useEarnRedemptionQuery, useRedeemEarnMutation } from '../queries';
import { EarnTestId } from '../testIds';

type Props = { order: EarnOrderView; onClose: () => void };

/**
 * Redeeming one order: the server's exact figures for now (principal, interest taken back, penalty, payout), and
 * a confirmation that sends the payout shown, so that an accrual in between is refused rather than paid unseen.
 */
export function RedeemSheet({ order, onClose }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const quote = useEarnRedemptionQuery(order.id);
  const redeem = useRedeemEarnMutation();
  const attempts = useIdempotentSubmission((payout: string) => [order.id, payout]);
  const amount = (value: string) => formatAsset(value, order.asset, language);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!quote.data || redeem.isPending) return;
    const expectedPayout = quote.data.payout;
    redeem.mutate(
      { orderId: order.id, body: { expectedPayout }, key: attempts.keyFor(expectedPayout) },
      {
        onSuccess: () => {
          attempts.settle();
          showNotice({ tone: 'positive', message: t('earn.redeem.done') });
          onClose();
        },
        onError: (error) => {
          // A changed payout or a closed order: the server says so on the top notice; the figures are read again.
          if (error instanceof ApiError && error.kind === 'business') {
            attempts.settle();
            void quote.refetch();
          }
        },
      },
    );
  };

  const figures = quote.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('earn.redeem.title', { asset: order.asset })}
      closeLabel={t('common.close')}
      onSubmit={submit}
      testId={EarnTestId.redeemSheet}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!figures}
            loading={redeem.isPending}
            data-testid={EarnTestId.redeemConfirm}
          >
            {t('earn.redeem.confirm')}
          </Button>
        </>
      }
    >
      {quote.isPending ? (
        <LoadingState />
      ) : quote.isError ? (
        <ErrorState message={quote.error.message} onRetry={() => quote.refetch()} />
      ) : figures ? (
        <div className={styles.sheet}>
          {figures.early ? <p className={styles.warning}>{t('earn.redeem.early')}</p> : null}
          <dl className={styles.figures}>
            <div>
              <dt>{t('earn.redeem.principal')}</dt>
              <dd dir="ltr" data-testid={EarnTestId.redeemPrincipal}>
                {amount(figures.principal)}
              </dd>
            </div>
            <div>
              <dt>{t('earn.redeem.interestPaid')}</dt>
              <dd dir="ltr">{amount(figures.interestPaid)}</dd>
            </div>
            <div>
              <dt>{t('earn.redeem.interestReclaimed')}</dt>
              <dd dir="ltr" data-testid={EarnTestId.redeemReclaimed}>
                −{amount(figures.interestReclaimed)}
              </dd>
            </div>
            <div>
              <dt>{t('earn.redeem.penalty')}</dt>
              <dd dir="ltr" data-testid={EarnTestId.redeemPenalty}>
                −{amount(figures.penalty)}
              </dd>
            </div>
            <div className={styles.total}>
              <dt>{t('earn.redeem.payout')}</dt>
              <dd dir="ltr" data-testid={EarnTestId.redeemPayout}>
                {amount(figures.payout)}
              </dd>
            </div>
          </dl>
          <p className={styles.note}>{t('earn.redeem.payoutNote')}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
