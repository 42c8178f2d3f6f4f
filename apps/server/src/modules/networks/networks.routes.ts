import {
  adminAssets,
  adminBankAccount,
  adminIdParams,
  adminNetwork,
  bankAccountBody,
  bankAssetParams,
  networkCreateBody,
  networkUpdateBody,
  walletNetworks,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { AuthService } from '../auth';
import type { NetworksService } from './networks.service';

const security = [{ token: [] }];

/** The networks as the deposit and withdraw screens offer them. */
export const networkRoutes: FastifyPluginAsyncZod<{ auth: AuthService; networks: NetworksService }> = async (
  app,
  { auth, networks },
) => {
  app.get(
    '/networks',
    {
      schema: {
        operationId: 'getWalletNetworks',
        tags: ['wallet'],
        summary:
          'Assets and their networks: the platform deposit address (null while none is set), minimum deposit, withdrawal fee and range, and what is open',
        security,
        response: responses(walletNetworks),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await networks.walletNetworks(), request.t('common.success')),
  );
};

/** Operators' configuration of assets' networks (super admins). */
export const networkAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  networks: NetworksService;
}> = async (app, { admins, networks }) => {
  const superAdmin = requireAdmin(admins, { roles: ['super_admin'] });

  app.get(
    '/assets',
    {
      schema: {
        operationId: 'listAssetNetworks',
        tags: ['admin'],
        summary: 'Every asset with its precision and all its networks, enabled or not',
        security,
        response: responses(adminAssets),
      },
      onRequest: superAdmin,
    },
    async (request) => ok(await networks.adminAssets(), request.t('common.success')),
  );

  app.post(
    '/networks',
    {
      schema: {
        operationId: 'createNetwork',
        tags: ['admin'],
        summary: 'Add a network to a listed asset, with a reason for the audit log',
        security,
        body: networkCreateBody,
        response: responses(adminNetwork),
      },
      onRequest: superAdmin,
    },
    async (request) => ok(await networks.create(request.body, actorOf(request)), request.t('common.success')),
  );

  app.patch(
    '/networks/:id',
    {
      schema: {
        operationId: 'updateNetwork',
        tags: ['admin'],
        summary:
          "Change a network's deposit address, limits, fee or flags, with a reason; the address is checked for its chain",
        security,
        params: adminIdParams,
        body: networkUpdateBody,
        response: responses(adminNetwork),
      },
      onRequest: superAdmin,
    },
    async (request) =>
      ok(
        await networks.update(request.params.id, request.body, actorOf(request)),
        request.t('common.success'),
      ),
  );

  app.put(
    '/bank-accounts/:asset',
    {
      schema: {
        operationId: 'setBankAccount',
        tags: ['admin'],
        summary:
          'Set the platform bank account that takes bank transfers for an asset (currency, bank, account name and number, SWIFT/routing code, on or off), with a reason for the audit log',
        security,
        params: bankAssetParams,
        body: bankAccountBody,
        response: responses(adminBankAccount),
      },
      onRequest: superAdmin,
    },
    async (request) =>
      ok(
        await networks.setBankAccount(request.params.asset, request.body, actorOf(request)),
        request.t('common.success'),
      ),
  );
};
