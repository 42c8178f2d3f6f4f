import { DEPOSIT_METHODS, type DepositMethod, type WalletAssetNetworks } from '@kestrel/contract';
import { Dialog, SearchField } from '@kestrel/ui';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MINE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { RadioSegment } from '../../components/RadioSegment';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { CoinBadge } from './CoinBadge';
import { bankChargePath, chargePath } from './chargePath';
import styles from './Deposit.module.css';
import { DepositRecordsSheet } from './DepositRecordsSheet';
import { useBankTransferQuery, useNetworksQuery } from './queries';
import { RecordsButton } from './RecordsButton';

/** The networks of one coin; one without a deposit address says deposits on it are not available yet. */
function NetworkSheet({ asset, onClose }: { asset: WalletAssetNetworks | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog
      open={asset !== null}
      onClose={onClose}
      title={t('deposit.networkTitle')}
      closeLabel={t('common.close')}
      testId={TestId.depositNetworkSheet}
    >
      <ul className={styles.choices}>
        {asset?.networks.map((network) => (
          <li key={network.chain}>
            <button
              type="button"
              className={styles.choice}
              disabled={!network.depositAvailable}
              onClick={() => navigate(chargePath(asset.asset, network.chain))}
              data-testid={TestId.depositNetworkOption}
              data-chain={network.chain}
            >
              <span className={styles.choiceMain}>
                <span className={styles.choiceTitle}>{network.label}</span>
                <span className={styles.choiceMeta}>
                  {network.depositAvailable
                    ? t('deposit.minimum', { amount: network.minDeposit, asset: asset.asset })
                    : t('deposit.unavailable')}
                </span>
              </span>
              {network.depositAvailable ? <ChevronRight className="flip-rtl" size={18} aria-hidden /> : null}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** The crypto transfer: the coins (searchable), each opening the sheet of its networks. */
function CryptoChoices() {
  const { t } = useTranslation();
  const networks = useNetworksQuery();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<WalletAssetNetworks | null>(null);
  const query = search.trim().toUpperCase();
  const assets = (networks.data?.assets ?? []).filter((asset) => asset.asset.includes(query));

  return (
    <>
      <SearchField
        label={t('deposit.search')}
        value={search}
        onChange={setSearch}
        testId={TestId.depositCoinSearch}
      />
      <h2 className={styles.sectionTitle}>{t('deposit.coinTitle')}</h2>
      {networks.isError ? (
        <ErrorState message={networks.error.message} onRetry={() => void networks.refetch()} />
      ) : networks.isPending ? (
        <LoadingState />
      ) : assets.length === 0 ? (
        <p className={styles.empty}>{t('deposit.noMatch')}</p>
      ) : (
        <ul className={styles.choices}>
          {assets.map((asset) => (
            <li key={asset.asset}>
              <button
                type="button"
                className={styles.choice}
                onClick={() => setChosen(asset)}
                data-testid={TestId.depositCoinOption}
                data-asset={asset.asset}
              >
                <CoinBadge asset={asset.asset} />
                <span className={styles.choiceMain}>
                  <span className={styles.choiceTitle}>{asset.asset}</span>
                  <span className={styles.choiceMeta}>
                    {asset.networks.map((network) => network.label).join(' · ')}
                  </span>
                </span>
                <ChevronRight className="flip-rtl" size={18} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <NetworkSheet asset={chosen} onClose={() => setChosen(null)} />
    </>
  );
}

/** The bank transfer: each asset the platform's bank accounts credit; none yet says so. */
function BankChoices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bank = useBankTransferQuery();

  return (
    <>
      <h2 className={styles.sectionTitle}>{t('deposit.bankCoinTitle')}</h2>
      {bank.isError ? (
        <ErrorState message={bank.error.message} onRetry={() => void bank.refetch()} />
      ) : bank.isPending ? (
        <LoadingState />
      ) : bank.data.accounts.length === 0 ? (
        <p className={styles.unavailable} data-testid={TestId.depositBankUnavailable}>
          {t('deposit.bankUnavailable')}
        </p>
      ) : (
        <ul className={styles.choices}>
          {bank.data.accounts.map((account) => (
            <li key={account.asset}>
              <button
                type="button"
                className={styles.choice}
                onClick={() => navigate(bankChargePath(account.asset))}
                data-testid={TestId.depositBankOption}
                data-asset={account.asset}
              >
                <CoinBadge asset={account.asset} />
                <span className={styles.choiceMain}>
                  <span className={styles.choiceTitle}>{account.asset}</span>
                  <span className={styles.choiceMeta}>
                    {t('deposit.bankCredited', { currency: account.currency, asset: account.asset })}
                  </span>
                </span>
                <ChevronRight className="flip-rtl" size={18} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function isMethod(value: string | null): value is DepositMethod {
  return (DEPOSIT_METHODS as readonly (string | null)[]).includes(value);
}

/**
 * /user/wallet/recharge: choose the recharge type, then for a crypto transfer the coin and its network (the
 * deposit itself on /user/wallet/charge1), for a bank transfer the asset credited (on /user/wallet/charge2). The
 * type is in the address (`?type=bank`), so coming back from a charge screen keeps it.
 */
export function RechargeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('deposit.title'));
  const [params, setParams] = useSearchParams();
  const typed = params.get('type');
  const method: DepositMethod = isMethod(typed) ? typed : 'crypto';
  const [recordsOpen, setRecordsOpen] = useState(false);

  return (
    <div className={styles.screen}>
      <TopBar
        title={t('deposit.title')}
        backTo={MINE_PATH}
        end={<RecordsButton onClick={() => setRecordsOpen(true)} />}
      />
      <main className={styles.main}>
        <RadioSegment
          legend={t('deposit.typeTitle')}
          value={method}
          onChange={(next) => setParams(next === 'crypto' ? {} : { type: next }, { replace: true })}
          options={DEPOSIT_METHODS.map((each) => ({
            value: each,
            label: t(`deposit.types.${each}`),
            testId: TestId.depositType(each),
          }))}
        />
        <p className={styles.typeHint}>{t(`deposit.typeHints.${method}`)}</p>
        {method === 'crypto' ? <CryptoChoices /> : <BankChoices />}
      </main>
      <DepositRecordsSheet open={recordsOpen} onClose={() => setRecordsOpen(false)} />
    </div>
  );
}
