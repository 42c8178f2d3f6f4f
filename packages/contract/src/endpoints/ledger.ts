import { defineEndpoint, operator } from '../endpoint';
import { ledgerCheckReport } from '../wallet';

export const ledgerEndpoints = {
  checkLedger: defineEndpoint({
    operationId: 'checkLedger',
    method: 'GET',
    path: '/api/admin/ledger/check',
    tag: 'admin',
    summary:
      'Verify the ledger: postings balance per asset and per transaction, balances equal their postings, frozen equals the open reservations, nothing is negative',
    auth: operator('reviewer'),
    response: ledgerCheckReport,
  }),
};
