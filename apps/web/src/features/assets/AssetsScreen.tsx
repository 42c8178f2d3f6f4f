import { type AccountAssets, type TodayFigures, USD_DECIMALS } from '@kestrel/contract';
import { numberFormat } from '@kestrel/i18n';
import { formatMoney } from '@kestrel/money';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, ChevronRight, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ACCOUNT_RECORD_PATH,
  MINE_PATH,
  MY_WALLET_PATH,
  RECHARGE_PATH,
  TRANSFER_PATH,
  WITHDRAW_PATH,
} from '../../app/paths';
import { hasScreen } from '../../app/routes';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { TopBar } from '../../components/TopBar';
import { useLanguage } from '../../i18n/useLanguage';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { VirtualTag } from '../demo/VirtualTag';
import { ACCOUNT_COLOURS, AllocationDonut } from './AllocationDonut';
import styles from './AssetsScreen.module.css';
import { sharesOf } from './allocation';
import { useAssetsQuery } from './queries';

type Action = { to: string; label: string; icon: ReactNode; testId: string };

/** /home/assets: what the user holds in $, split by account, with the ways to move money. */
export function AssetsScreen() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const assets = useAssetsQuery();
  useDocumentTitle(t('assets.title'));
  const money = (value: string) => formatMoney(value, language);

  // Deposit and withdrawal appear once their screens exist, so no action leads to a page that is not there.
  const actions: Action[] = [
    ...(hasScreen(RECHARGE_PATH)
      ? [
          {
            to: RECHARGE_PATH,
            label: t('assets.actions.deposit'),
            icon: <ArrowDownToLine size={20} aria-hidden />,
            testId: TestId.assetsDeposit,
          },
        ]
      : []),
    ...(hasScreen(WITHDRAW_PATH)
      ? [
          {
            to: WITHDRAW_PATH,
            label: t('assets.actions.withdraw'),
            icon: <ArrowUpFromLine size={20} aria-hidden />,
            testId: TestId.assetsWithdraw,
          },
        ]
      : []),
    {
      to: TRANSFER_PATH,
      label: t('assets.actions.transfer'),
      icon: <ArrowLeftRight size={20} aria-hidden />,
      testId: TestId.assetsTransfer,
    },
    {
      to: ACCOUNT_RECORD_PATH,
      label: t('assets.actions.records'),
      icon: <ReceiptText size={20} aria-hidden />,
      testId: TestId.assetsRecords,
    },
  ];

  return (
    <div className={styles.screen}>
      <TopBar title={t('assets.title')} backTo={MINE_PATH} />
      <main className={styles.main}>
        {assets.isPending ? (
          <LoadingState />
        ) : assets.isError ? (
          <ErrorState message={assets.error.message} onRetry={() => assets.refetch()} />
        ) : (
          <>
            <section className={styles.summary} aria-label={t('assets.totalAssets')}>
              <p className={styles.summaryLabel}>
                {t('assets.totalAssets')}
                <VirtualTag />
              </p>
              <p className={styles.summaryTotal} data-testid={TestId.assetsTotal}>
                {money(assets.data.totals.total)}
              </p>
              <dl className={styles.figures}>
                <Figure
                  label={t('assets.equity')}
                  value={money(assets.data.totals.equity)}
                  testId={TestId.assetsEquity}
                />
                <Figure
                  label={t('assets.inUse')}
                  value={money(assets.data.totals.inUse)}
                  testId={TestId.assetsInUse}
                />
                <Figure
                  label={t('assets.available')}
                  value={money(assets.data.totals.available)}
                  testId={TestId.assetsAvailable}
                />
              </dl>
            </section>

            <Today today={assets.data.today} money={money} />

            <nav className={styles.actions} aria-label={t('assets.title')}>
              {actions.map((action) => (
                <Link key={action.to} to={action.to} className={styles.action} data-testid={action.testId}>
                  <span className={styles.actionIcon}>{action.icon}</span>
                  <span>{action.label}</span>
                </Link>
              ))}
            </nav>

            <Allocation accounts={assets.data.accounts} money={money} />

            {assets.data.accounts.map((account) => (
              <AccountCard key={account.account} account={account} money={money} />
            ))}
          </>
        )}
      </main>
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd data-testid={testId} className={className}>
        {value}
      </dd>
    </div>
  );
}

/** Today's profit, orders and investment since 00:00 UTC (spec §3's asset summary; decision 0035). */
function Today({ today, money }: { today: TodayFigures; money: (value: string) => string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const sign = today.profit.startsWith('-') ? -1 : /[1-9]/.test(today.profit) ? 1 : 0;
  const tone = sign > 0 ? styles.gain : sign < 0 ? styles.loss : undefined;
  return (
    <section className={styles.card} aria-labelledby="assets-today-title" data-testid={TestId.assetsToday}>
      <h2 id="assets-today-title" className={styles.cardTitle}>
        {t('assets.today.title')} <span className={styles.cardNote}>{t('assets.today.since')}</span>
      </h2>
      <dl className={`${styles.figures} ${styles.todayFigures}`}>
        <Figure
          label={t('assets.today.profit')}
          value={`${sign > 0 ? '+' : ''}${money(today.profit)}`}
          testId={TestId.assetsTodayProfit}
          className={tone}
        />
        <Figure
          label={t('assets.today.orders')}
          value={numberFormat(language, {}).format(today.orderCount)}
          testId={TestId.assetsTodayOrders}
        />
        <Figure
          label={t('assets.today.investment')}
          value={money(today.investment)}
          testId={TestId.assetsTodayInvestment}
        />
      </dl>
    </section>
  );
}

function Allocation({ accounts, money }: { accounts: AccountAssets[]; money: (value: string) => string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const shares = sharesOf(
    accounts.map((account) => ({ key: account.account, value: account.totals.total })),
    USD_DECIMALS,
  );
  const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const anything = shares.some((share) => share.basisPoints > 0);
  return (
    <section className={styles.card} aria-label={t('assets.allocation')}>
      <h2 className={styles.cardTitle}>{t('assets.allocation')}</h2>
      {anything ? (
        <div className={styles.allocation}>
          <AllocationDonut
            shares={accounts.map((account, index) => ({
              key: account.account,
              basisPoints: shares[index]?.basisPoints ?? 0,
            }))}
          />
          <ul className={styles.legend}>
            {accounts.map((account, index) => (
              <li key={account.account} className={styles.legendRow}>
                <span className={styles.swatch} style={{ background: ACCOUNT_COLOURS[account.account] }} />
                <span className={styles.legendName}>{t(`assets.accounts.${account.account}`)}</span>
                <span className={styles.legendValue}>
                  {percent.format((shares[index]?.basisPoints ?? 0) / 10_000)}
                  <br />
                  <span className={styles.muted}>{money(account.totals.total)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.muted}>{t('assets.noValued')}</p>
      )}
    </section>
  );
}

function AccountCard({ account, money }: { account: AccountAssets; money: (value: string) => string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`${MY_WALLET_PATH}?account=${account.account}`}
      className={`${styles.card} ${styles.accountCard}`}
      data-testid={TestId.assetsAccountCard}
      data-account={account.account}
    >
      <span className={styles.accountHead}>
        <span className={styles.cardTitle}>{t(`assets.accounts.${account.account}`)}</span>
        <span className={styles.details}>
          {t('assets.details')}
          <ChevronRight size={16} aria-hidden className="flip-rtl" />
        </span>
      </span>
      <span className={styles.accountTotal}>{money(account.totals.total)}</span>
      <span className={styles.accountFigures}>
        <span>
          {t('assets.available')} <b>{money(account.totals.available)}</b>
        </span>
        <span>
          {t('assets.inUse')} <b>{money(account.totals.inUse)}</b>
        </span>
      </span>
    </Link>
  );
}
