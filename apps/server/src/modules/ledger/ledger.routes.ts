import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AdminsService } from '../admin';
import type { LedgerService } from './ledger.service';

/** The back office's view of the ledger; reading it changes nothing, so it is not audited. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ admins: AdminsService; ledger: LedgerService }> = async (
  app,
  { admins, ledger },
) => {
  const route = routesOf(app, { admins });
  route(endpoints.checkLedger, async (request) => ok(await ledger.check(), request.t('common.success')));
};
