import type { EarnOrderView } from '@kestrel/contract';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/useLanguage';
import { VirtualTag } from '../../demo/VirtualTag';
import { CoinBadge } from '../../deposit/CoinBadge';
import styles from '../Earn.module.css';
import { formatAsset, formatDate, formatDay, formatRate } from '../figures';
import { EarnTestId } from '../testIds';
import { useTermLabel } from '../useTermLabel';

/**
 * One earn order: product (asset and term), principal, rate, status, interest paid, the day paid through and the
 * maturity; a closed one also what it returned and when. An active order offers Redeem when `onRedeem` is given and
 * its terms allow it (flexible, or a fixed term whose product allowed early redemption when it was placed).
 */
export function EarnOrderCard({ order, onRedeem }: { order: EarnOrderView; onRedeem?: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const termOf = useTermLabel();
  const amount = (value: string) => formatAsset(value, order.asset, language);
  return (
    <li className={styles.order} data-testid={EarnTestId.order} data-status={order.status}>
      <div className={styles.orderHead}>
        <CoinBadge asset={order.asset} size={28} />
        <span className={styles.asset}>{order.asset}</span>
        <span className={styles.term}>{termOf(order.termDays)}</span>
        <VirtualTag />
        <span className={styles.status} data-status={order.status} data-testid={EarnTestId.orderStatus}>
          {t(`earn.order.statuses.${order.status}`)}
        </span>
      </div>
      <dl className={styles.orderFacts}>
        <Fact label={t('earn.order.principal')} dir="ltr">
          {amount(order.principal)}
        </Fact>
        <Fact label={t('earn.order.annualRate')} dir="ltr">
          {formatRate(order.annualRate, language)}
        </Fact>
        <Fact
          label={t('earn.order.interestPaid')}
          dir="ltr"
          className={styles.interestFigure}
          data-testid={EarnTestId.orderInterestPaid}
        >
          +{amount(order.interestPaid)}
        </Fact>
        <Fact label={t('earn.order.paidThrough')}>
          {order.paidThrough === null
            ? t('earn.order.notPaidYet', { date: formatDay(order.accrualStartsOn, language) })
            : formatDay(order.paidThrough, language)}
        </Fact>
        <Fact label={t('earn.order.maturity')}>
          {order.maturesAt === null ? t('earn.order.noMaturity') : formatDate(order.maturesAt, language)}
        </Fact>
        {order.returned === null ? null : (
          <Fact label={t('earn.order.returned')} dir="ltr">
            {amount(order.returned)}
          </Fact>
        )}
        {order.closedAt === null ? null : (
          <Fact label={t('earn.order.closedAt')}>{formatDate(order.closedAt, language)}</Fact>
        )}
      </dl>
      {onRedeem && order.status === 'active' && (order.termDays === null || order.earlyRedemption.allowed) ? (
        <div className={styles.orderFoot}>
          <span />
          <button
            type="button"
            className={styles.maxButton}
            onClick={onRedeem}
            data-testid={EarnTestId.redeem}
          >
            {t('earn.order.redeem')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** One fact of a card: its label and its value, the value's element taking the rest of the props. */
function Fact({ label, children, ...value }: { label: string } & ComponentProps<'dd'>) {
  return (
    <div>
      <dt>{label}</dt>
      <dd {...value}>{children}</dd>
    </div>
  );
}
