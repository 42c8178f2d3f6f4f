import type { CryptoWalletBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { api } from '../../api/http';
import { payoutAccountQueries } from '../bank-cards/payoutAccountQueries';

/** The user's crypto wallets. */
export const {
  useAccounts: useCryptoWalletsQuery,
  useBind: useBindCryptoWalletMutation,
  useDelete: useDeleteCryptoWalletMutation,
} = payoutAccountQueries('crypto-wallets', {
  list: () => api.call(routes.listCryptoWallets),
  bind: (body: CryptoWalletBody) => api.call(routes.bindCryptoWallet, { body }),
  remove: (id: number) => api.call(routes.deleteCryptoWallet, { params: { id } }),
});
