import { type AssetHolding, USER_ACCOUNTS, type UserAccount } from '@kestrel/contract';
import { formatMoney, formatQuantity } from '@kestrel/money';
import { TextField } from '@kestrel/ui';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ASSETS_PATH } from '../../app/paths';
import { Checkbox } from '../../components/Checkbox';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { VirtualTag } from '../demo/VirtualTag';
import { isBelowOneDollar, isZero } from './allocation';
import styles from './MyWalletScreen.module.css';
import { useAssetsQuery } from './queries';

function accountOf(value: string | null): UserAccount {
  return USER_ACCOUNTS.find((account) => account === value) ?? 'spot';
}

/**
 * A small balance is nothing at all, or a valued one under a dollar. An unvalued coin cannot be judged by its
 * worth, so only an empty one counts as small.
 */
function isSmall(holding: AssetHolding): boolean {
  return isZero(holding.total) || (holding.usdValue !== null && isBelowOneDollar(holding.usdValue));
}

/** /user/wallet/myWallet: every coin of one account, searchable, with small balances optionally hidden. */
export function MyWalletScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const account = accountOf(params.get('account'));
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const assets = useAssetsQuery();
  useDocumentTitle(t('assets.myWallet'));

  const current = assets.data?.accounts.find((item) => item.account === account);
  const query = search.trim().toUpperCase();
  // What the user holds comes first; coins never held follow in their usual order.
  const holdings = (current?.holdings ?? [])
    .filter((holding) => holding.asset.includes(query) && !(hideSmall && isSmall(holding)))
    .sort((a, b) => Number(isZero(a.total)) - Number(isZero(b.total)));

  return (
    <div className={styles.screen}>
      <TopBar title={t('assets.myWallet')} backTo={ASSETS_PATH} />
      <main className={styles.main}>
        <SegmentedTabs
          label={t('assets.myWallet')}
          value={account}
          onChange={(next) => setParams({ account: next }, { replace: true })}
          options={USER_ACCOUNTS.map((value) => ({
            value,
            label: t(`assets.accounts.${value}`),
            testId: `${TestId.walletAccountTab}-${value}`,
          }))}
        />
        {current ? (
          <section className={styles.total}>
            <span className={styles.muted}>
              {t('assets.total')}
              <VirtualTag />
            </span>
            <strong>{formatMoney(current.totals.total, language)}</strong>
          </section>
        ) : null}
        <div className={styles.filters}>
          <TextField
            label={t('assets.search')}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            trailing={<Search size={18} aria-hidden />}
            autoComplete="off"
            data-testid={TestId.walletSearch}
          />
          <Checkbox
            label={t('assets.hideSmall')}
            checked={hideSmall}
            onChange={(event) => setHideSmall(event.target.checked)}
            data-testid={TestId.walletHideSmall}
          />
        </div>
        {assets.isPending ? (
          <LoadingState />
        ) : assets.isError ? (
          <ErrorState message={assets.error.message} onRetry={() => assets.refetch()} />
        ) : holdings.length === 0 ? (
          <p className={styles.empty} data-testid={TestId.walletEmpty}>
            {t('common.noData')}
          </p>
        ) : (
          <ul className={styles.list}>
            {holdings.map((holding) => (
              <HoldingRow key={holding.asset} holding={holding} />
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function HoldingRow({ holding }: { holding: AssetHolding }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <li className={styles.row} data-testid={TestId.walletHolding} data-asset={holding.asset}>
      <div className={styles.rowHead}>
        <span className={styles.coin}>{holding.asset}</span>
        <span className={styles.amount} dir="ltr">
          {formatQuantity(holding.total, language)}
        </span>
      </div>
      <div className={styles.rowFacts}>
        <span>
          {t('assets.available')} <bdi dir="ltr">{formatQuantity(holding.available, language)}</bdi>
        </span>
        <span>
          {t('assets.inUse')} <bdi dir="ltr">{formatQuantity(holding.frozen, language)}</bdi>
        </span>
        <span className={styles.value}>
          {holding.usdValue === null ? t('assets.notValued') : formatMoney(holding.usdValue, language)}
        </span>
      </div>
    </li>
  );
}
