import { type AdminCryptoWalletDetail, CHAIN_LABELS } from '@kestrel/contract';
import { useTranslation } from 'react-i18next';
import { pageStyles } from '../../components/Page';
import { ReviewDetailPage } from '../review/ReviewDetailPage';
import { WalletTestId } from './testIds';

/** One withdrawal wallet: chain, address and type beside the user's screenshot, and the decision. */
export function WalletDetail() {
  const { t } = useTranslation();
  return (
    <ReviewDetailPage<AdminCryptoWalletDetail>
      queue="crypto-wallets"
      title={(id) => t('admin.cryptoWallets.detailTitle', { id })}
      facts={(item) => [
        {
          label: t('admin.cryptoWallets.user'),
          value: (
            <>
              <bdi>{item.userEmail ?? item.userPhone ?? '—'}</bdi> · {t('admin.uid')} {item.userId}
            </>
          ),
        },
        {
          label: t('admin.cryptoWallets.chain'),
          value: CHAIN_LABELS[item.chain],
          testId: WalletTestId.chain,
        },
        {
          label: t('admin.cryptoWallets.address'),
          value: (
            <bdi className={pageStyles.mono} dir="ltr">
              {item.address}
            </bdi>
          ),
          testId: WalletTestId.address,
        },
        {
          label: t('admin.cryptoWallets.walletType'),
          value: t(`admin.cryptoWallets.walletTypes.${item.walletType}`),
          testId: WalletTestId.walletType,
        },
      ]}
      images={(item) => [
        { name: 'screenshot', label: t('admin.cryptoWallets.screenshot'), url: item.screenshotUrl },
      ]}
      historyColumns={[
        { key: 'chain', header: t('admin.cryptoWallets.chain'), render: (h) => CHAIN_LABELS[h.chain] },
        {
          key: 'address',
          header: t('admin.cryptoWallets.address'),
          render: (h) => (
            <bdi className={pageStyles.mono} dir="ltr">
              {h.address}
            </bdi>
          ),
        },
      ]}
    />
  );
}
