import { ledgerCheckReport } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, requireAdmin } from '../admin';
import type { LedgerService } from './ledger.service';

/** The back office's view of the ledger; reading it changes nothing, so it is not audited. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ admins: AdminsService; ledger: LedgerService }> = async (
  app,
  { admins, ledger },
) => {
  app.get(
    '/ledger/check',
    {
      schema: {
        operationId: 'checkLedger',
        tags: ['admin'],
        summary:
          'Verify the ledger: postings balance per asset and per transaction, balances equal their postings, frozen equals the open reservations, nothing is negative',
        security: [{ token: [] }],
        response: responses(ledgerCheckReport),
      },
      onRequest: requireAdmin(admins, { roles: ['reviewer'] }),
    },
    async (request) => ok(await ledger.check(), request.t('common.success')),
  );
};
