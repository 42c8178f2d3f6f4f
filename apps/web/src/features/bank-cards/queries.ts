import type { BankCardBody } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { api } from '../../api/http';
import { payoutAccountQueries } from './payoutAccountQueries';

/** The user's bank cards. */
export const {
  useAccounts: useBankCardsQuery,
  useBind: useBindBankCardMutation,
  useDelete: useDeleteBankCardMutation,
} = payoutAccountQueries('bank-cards', {
  list: () => api.call(routes.listBankCards),
  bind: (body: BankCardBody) => api.call(routes.bindBankCard, { body }),
  remove: (id: number) => api.call(routes.deleteBankCard, { params: { id } }),
});
