import { CHAINS, type Chain } from '@kestrel/contract';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { RECHARGE_PATH } from '../../app/paths';
import { ErrorState, LoadingState } from '../../components/ErrorState';
import { RadioSegment } from '../../components/RadioSegment';
import { TopBar } from '../../components/TopBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TestId } from '../../testIds';
import { ServiceTestId } from '../service/testIds';
import { AddressCard } from './AddressCard';
import { chargePath } from './chargePath';
import styles from './Deposit.module.css';
import { DepositForm } from './DepositForm';
import { DepositRecordsSheet } from './DepositRecordsSheet';
import { useNetworksQuery } from './queries';
import { RecordsButton } from './RecordsButton';

function isChain(value: string | null): value is Chain {
  return (CHAINS as readonly (string | null)[]).includes(value);
}

/**
 * /user/wallet/charge1?asset=USDT&chain=tron (also at /user/wallet/charge): the platform address of the chosen network with its QR code, then
 * the amount sent and the transfer credential. The coin and network live in the address, so a reload (or a
 * shared link) opens the same deposit.
 */
export function ChargeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const assetCode = params.get('asset') ?? '';
  const chain = params.get('chain');
  const networks = useNetworksQuery();
  const [recordsOpen, setRecordsOpen] = useState(false);
  useDocumentTitle(t('deposit.chargeTitle', { asset: assetCode }));

  const asset = networks.data?.assets.find((each) => each.asset === assetCode);
  const network = asset?.networks.find((each) => each.chain === chain);
  // A coin or network that is not (or no longer) offered: back to choosing one.
  if (networks.data && (!asset || !isChain(chain) || !network))
    return <Navigate to={RECHARGE_PATH} replace />;

  return (
    <div className={styles.screen}>
      <TopBar
        title={t('deposit.chargeTitle', { asset: assetCode })}
        backTo={RECHARGE_PATH}
        end={<RecordsButton onClick={() => setRecordsOpen(true)} />}
      />
      <main className={styles.main}>
        {networks.isError ? (
          <ErrorState message={networks.error.message} onRetry={() => void networks.refetch()} />
        ) : !asset || !network ? (
          <LoadingState />
        ) : (
          <>
            <RadioSegment
              legend={t('deposit.network')}
              value={network.chain}
              onChange={(next) => navigate(chargePath(asset.asset, next), { replace: true })}
              options={asset.networks.map((each) => ({
                value: each.chain,
                label: each.label,
                testId: TestId.depositNetworkTab(each.chain),
              }))}
            />
            {network.depositAvailable && network.depositAddress ? (
              <>
                <AddressCard address={network.depositAddress} />
                <p className={styles.warning}>
                  {t('deposit.sendOnly', { asset: asset.asset, network: network.label })}
                </p>
                {/* Keyed by the network, so switching it starts a fresh form. */}
                <DepositForm
                  key={network.chain}
                  asset={asset.asset}
                  destination={{ method: 'crypto', network }}
                />
              </>
            ) : (
              <p className={styles.unavailable} data-testid={TestId.depositUnavailable}>
                {t('deposit.unavailable')}
              </p>
            )}
            <p className={styles.note}>
              <Info size={16} aria-hidden />
              <span>
                {t('deposit.arrivalNote')}{' '}
                <Link to="/user/service" className={styles.noteLink} data-testid={ServiceTestId.depositLink}>
                  {t('service.contactUs')}
                </Link>
              </span>
            </p>
          </>
        )}
      </main>
      <DepositRecordsSheet open={recordsOpen} onClose={() => setRecordsOpen(false)} />
    </div>
  );
}
