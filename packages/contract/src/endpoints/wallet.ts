import { assetsOverview, recordsPage, recordsQuery } from '../assets';
import { defineEndpoint, USER } from '../endpoint';
import { transferBody, transferResult, walletBalances } from '../wallet';

export const walletEndpoints = {
  getWalletBalances: defineEndpoint({
    operationId: 'getWalletBalances',
    method: 'GET',
    path: '/api/wallet/balances',
    tag: 'wallet',
    summary: "The user's available and frozen funds per account and asset, as decimal strings",
    auth: USER,
    response: walletBalances,
  }),
  getAssetsOverview: defineEndpoint({
    operationId: 'getAssetsOverview',
    method: 'GET',
    path: '/api/wallet/assets',
    tag: 'wallet',
    summary:
      "The user's holdings per account and asset with $ values and totals; only stablecoins are valued until market prices are live",
    auth: USER,
    response: assetsOverview,
  }),
  listAccountRecords: defineEndpoint({
    operationId: 'listAccountRecords',
    method: 'GET',
    path: '/api/wallet/records',
    tag: 'wallet',
    summary:
      "The account change log, a view of the user's ledger postings: newest first, by type and asset, a cursor page at a time",
    auth: USER,
    query: recordsQuery,
    response: recordsPage,
  }),
  transferFunds: defineEndpoint({
    operationId: 'transferFunds',
    method: 'POST',
    path: '/api/wallet/transfer',
    tag: 'wallet',
    summary:
      "Move funds between the user's own accounts, immediately. Send an Idempotency-Key header to retry safely: a replay answers as the first request did",
    auth: USER,
    idempotent: true,
    movesMoney: true,
    body: transferBody,
    response: transferResult,
  }),
};
