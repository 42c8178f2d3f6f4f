import { adminIdParams } from '../admin';
import { defineEndpoint, operator, USER } from '../endpoint';
import {
  adminAssets,
  adminBankAccount,
  adminNetwork,
  bankAccountBody,
  bankAssetParams,
  networkCreateBody,
  networkUpdateBody,
  walletNetworks,
} from '../networks';

export const networksEndpoints = {
  getWalletNetworks: defineEndpoint({
    operationId: 'getWalletNetworks',
    method: 'GET',
    path: '/api/wallet/networks',
    tag: 'wallet',
    summary:
      'Assets and their networks: the platform deposit address (null while none is set), minimum deposit, withdrawal fee and range, and what is open',
    auth: USER,
    response: walletNetworks,
  }),
  listAssetNetworks: defineEndpoint({
    operationId: 'listAssetNetworks',
    method: 'GET',
    path: '/api/admin/assets',
    tag: 'admin',
    summary: 'Every asset with its precision and all its networks, enabled or not',
    auth: operator('super_admin'),
    response: adminAssets,
  }),
  createNetwork: defineEndpoint({
    operationId: 'createNetwork',
    method: 'POST',
    path: '/api/admin/networks',
    tag: 'admin',
    summary: 'Add a network to a listed asset, with a reason for the audit log',
    auth: operator('super_admin'),
    body: networkCreateBody,
    response: adminNetwork,
  }),
  updateNetwork: defineEndpoint({
    operationId: 'updateNetwork',
    method: 'PATCH',
    path: '/api/admin/networks/:id',
    tag: 'admin',
    summary:
      "Change a network's deposit address, limits, fee or flags, with a reason; the address is checked for its chain",
    auth: operator('super_admin'),
    params: adminIdParams,
    body: networkUpdateBody,
    response: adminNetwork,
  }),
  setBankAccount: defineEndpoint({
    operationId: 'setBankAccount',
    method: 'PUT',
    path: '/api/admin/bank-accounts/:asset',
    tag: 'admin',
    summary:
      'Set the platform bank account that takes bank transfers for an asset (currency, bank, account name and number, SWIFT/routing code, on or off), with a reason for the audit log',
    auth: operator('super_admin'),
    params: bankAssetParams,
    body: bankAccountBody,
    response: adminBankAccount,
  }),
};
