import { type AdminCryptoWalletDetail, type AdminCryptoWalletSummary, CHAIN_LABELS } from '@kestrel/contract';
import { Mono } from '../review/Mono';
import type { ReviewKind } from '../review/ReviewKind';
import { WalletTestId } from './testIds';

/** Withdrawal wallets: chain, address and type beside the user's screenshot. */
export const walletReview: ReviewKind<AdminCryptoWalletSummary, AdminCryptoWalletDetail> = {
  queue: 'crypto-wallets',
  text: {
    title: 'admin.cryptoWallets.title',
    search: 'admin.cryptoWallets.search',
    itemTitle: 'admin.cryptoWallets.detailTitle',
    number: 'admin.cryptoWallets.submissionId',
    user: 'admin.cryptoWallets.user',
  },
  columns: ({ t }) => [
    { key: 'chain', header: t('admin.cryptoWallets.chain'), render: (item) => CHAIN_LABELS[item.chain] },
    {
      key: 'address',
      header: t('admin.cryptoWallets.address'),
      render: (item) => <Mono>{item.address}</Mono>,
    },
    {
      key: 'type',
      header: t('admin.cryptoWallets.walletType'),
      render: (item) => t(`admin.cryptoWallets.walletTypes.${item.walletType}`),
    },
  ],
  facts: (item, { t }) => [
    { label: t('admin.cryptoWallets.chain'), value: CHAIN_LABELS[item.chain], testId: WalletTestId.chain },
    {
      label: t('admin.cryptoWallets.address'),
      value: <Mono>{item.address}</Mono>,
      testId: WalletTestId.address,
    },
    {
      label: t('admin.cryptoWallets.walletType'),
      value: t(`admin.cryptoWallets.walletTypes.${item.walletType}`),
      testId: WalletTestId.walletType,
    },
  ],
  images: (item, { t }) => [
    { name: 'screenshot', label: t('admin.cryptoWallets.screenshot'), url: item.screenshotUrl },
  ],
  history: {
    columns: ({ t }) => [
      { key: 'chain', header: t('admin.cryptoWallets.chain'), render: (h) => CHAIN_LABELS[h.chain] },
      { key: 'address', header: t('admin.cryptoWallets.address'), render: (h) => <Mono>{h.address}</Mono> },
    ],
  },
};
