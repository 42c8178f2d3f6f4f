import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import type { NetworksService } from './networks.service';

/** The networks as the deposit and withdraw screens offer them. */
export const networkRoutes: FastifyPluginAsyncZod<{ auth: AuthService; networks: NetworksService }> = async (
  app,
  { auth, networks },
) => {
  const route = routesOf(app, { auth });
  route(endpoints.getWalletNetworks, async (request) =>
    ok(await networks.walletNetworks(), request.t('common.success')),
  );
};

/** Operators' configuration of assets' networks (super admins). */
export const networkAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  networks: NetworksService;
}> = async (app, { admins, networks }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listAssetNetworks, async (request) =>
    ok(await networks.adminAssets(), request.t('common.success')),
  );

  route(endpoints.createNetwork, async (request) =>
    ok(await networks.create(request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.updateNetwork, async (request) =>
    ok(await networks.update(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.setBankAccount, async (request) =>
    ok(
      await networks.setBankAccount(request.params.asset, request.body, actorOf(request)),
      request.t('common.success'),
    ),
  );
};
