import type { EarnProduct } from '@kestrel/contract';
import { IconButton } from '@kestrel/ui';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FINANCIAL_ORDER_PATH, HOME_PATH } from '../../../app/paths';
import { ErrorState, LoadingState } from '../../../components/ErrorState';
import { TopBar } from '../../../components/TopBar';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import styles from '../Earn.module.css';
import { useEarnProductsQuery } from '../queries';
import { EarnTestId } from '../testIds';
import { ProductCard } from './ProductCard';
import { SubscribeSheet } from './SubscribeSheet';

/**
 * /home/financial/package, the spec's financial packages: the products on offer with rate, term, limits, quota
 * left and sale state; a product on sale opens its subscribe sheet, and a subscription leads to the orders.
 */
export function FinancialPackageScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useEarnProductsQuery();
  // The product as it was tapped; the sheet keeps it while the list refreshes behind it.
  const [chosen, setChosen] = useState<EarnProduct | null>(null);
  useDocumentTitle(t('earn.package.title'));

  return (
    <div className={styles.page} data-testid={EarnTestId.packageScreen}>
      <TopBar
        title={t('earn.package.title')}
        backTo={HOME_PATH}
        end={
          <IconButton
            label={t('earn.package.myOrders')}
            onClick={() => navigate(FINANCIAL_ORDER_PATH)}
            data-testid={EarnTestId.ordersLink}
          >
            <ReceiptText size={22} aria-hidden />
          </IconButton>
        }
      />
      <main className={styles.main}>
        <p className={styles.intro}>{t('earn.package.intro')}</p>
        {products.isPending ? (
          <LoadingState />
        ) : products.isError ? (
          <ErrorState message={products.error.message} onRetry={() => products.refetch()} />
        ) : products.data.length === 0 ? (
          <p className={styles.empty} data-testid={EarnTestId.noProducts}>
            {t('earn.package.empty')}
          </p>
        ) : (
          <ul className={styles.list}>
            {products.data.map((product) => (
              <ProductCard key={product.id} product={product} onOpen={() => setChosen(product)} />
            ))}
          </ul>
        )}
      </main>
      {chosen ? (
        <SubscribeSheet
          key={chosen.id}
          product={chosen}
          onClose={() => setChosen(null)}
          onSubscribed={() => {
            setChosen(null);
            navigate(FINANCIAL_ORDER_PATH);
          }}
        />
      ) : null}
    </div>
  );
}
