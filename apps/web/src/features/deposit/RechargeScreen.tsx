import type { WalletAssetNetworks } from '@kestrel/contract';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MINE_PATH } from '../../app/routes';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { Modal } from '../../components/Modal';
import { SearchField } from '../../components/SearchField';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { CoinBadge } from './CoinBadge';
import { chargePath } from './chargePath';
import styles from './Deposit.module.css';
import { DepositRecordsSheet } from './DepositRecordsSheet';
import { useNetworksQuery } from './queries';
import { RecordsButton } from './RecordsButton';

/** The networks of one coin; one without a deposit address says deposits on it are not available yet. */
function NetworkSheet({ asset, onClose }: { asset: WalletAssetNetworks | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal
      open={asset !== null}
      onClose={onClose}
      title={t('deposit.networkTitle')}
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
    </Modal>
  );
}

/** /user/wallet/recharge: choose the coin, then its network; the deposit itself is on /user/wallet/charge. */
export function RechargeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('deposit.title'));
  const networks = useNetworksQuery();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<WalletAssetNetworks | null>(null);
  const [recordsOpen, setRecordsOpen] = useState(false);
  const query = search.trim().toUpperCase();
  const assets = (networks.data?.assets ?? []).filter((asset) => asset.asset.includes(query));

  return (
    <div className={styles.screen}>
      <TopBar
        title={t('deposit.title')}
        backTo={MINE_PATH}
        end={<RecordsButton onClick={() => setRecordsOpen(true)} />}
      />
      <main className={styles.main}>
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
      </main>
      <NetworkSheet asset={chosen} onClose={() => setChosen(null)} />
      <DepositRecordsSheet open={recordsOpen} onClose={() => setRecordsOpen(false)} />
    </div>
  );
}
