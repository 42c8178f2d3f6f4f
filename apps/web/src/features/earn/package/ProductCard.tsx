import type { EarnProduct } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/useLanguage';
import { amountInText } from '../../../lib/useAmountCheck';
import { CoinBadge } from '../../deposit/CoinBadge';
import styles from '../Earn.module.css';
import { formatAsset, formatRate, isPositive, quotaLeftPercent } from '../figures';
import { EarnTestId } from '../testIds';
import { useTermLabel } from '../useTermLabel';

/**
 * One product: its asset and term, the annual rate, the limits per user, the quota left as a bar and where its
 * sale stands. Only a product on sale opens the subscribe sheet.
 */
export function ProductCard({ product, onOpen }: { product: EarnProduct; onOpen: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const termOf = useTermLabel();
  const amount = (value: string) => amountInText(formatAsset(value, product.asset, language), language);
  const percent = quotaLeftPercent(product);
  return (
    <li>
      <button
        type="button"
        className={styles.product}
        disabled={product.state !== 'onSale'}
        onClick={onOpen}
        data-testid={EarnTestId.product(product.id)}
        data-state={product.state}
      >
        <span className={styles.productHead}>
          <CoinBadge asset={product.asset} size={32} />
          <span className={styles.asset}>{product.asset}</span>
          <span className={styles.term} data-testid={EarnTestId.productTerm}>
            {termOf(product.termDays)}
          </span>
          <span className={styles.state} data-state={product.state} data-testid={EarnTestId.productState}>
            {t(`earn.package.states.${product.state}`)}
          </span>
        </span>
        <span className={styles.rateRow}>
          <span className={styles.label}>{t('earn.package.annualRate')}</span>
          <span className={styles.rate} dir="ltr" data-testid={EarnTestId.productRate}>
            {formatRate(product.annualRate, language)}
          </span>
        </span>
        <span className={styles.line} data-testid={EarnTestId.productLimits}>
          {t('earn.package.limits', { min: amount(product.minAmount), max: amount(product.maxPerUser) })}
        </span>
        <span className={styles.quota}>
          {/* The bar draws the line under it, which says the figure in words. */}
          <span className={styles.bar} data-percent={percent} aria-hidden>
            <span className={styles.barFill} style={{ inlineSize: `${percent}%` }} />
          </span>
          <span className={styles.line} data-testid={EarnTestId.productQuota}>
            {t('earn.package.quotaLeft', { amount: amount(product.quotaLeft) })}
            {isPositive(product.held) ? ` · ${t('earn.package.held', { amount: amount(product.held) })}` : ''}
          </span>
        </span>
      </button>
    </li>
  );
}
