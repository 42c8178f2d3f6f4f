import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { CryptoWalletsService } from './crypto-wallets.service';

export const cryptoWalletRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cryptoWallets: CryptoWalletsService;
}> = async (app, { auth, cryptoWallets }) => {
  const route = routesOf(app, { auth });
  route(endpoints.listCryptoWallets, async (request) =>
    ok(await cryptoWallets.list(request.user.id), request.t('common.success')),
  );

  route(endpoints.bindCryptoWallet, async (request) =>
    ok(await cryptoWallets.bind(request.user.id, request.body), request.t('common.submitted')),
  );

  route(endpoints.deleteCryptoWallet, async (request) => {
    await cryptoWallets.remove(request.user.id, request.params.id);
    return ok(null, request.t('cryptoWallets.deleted'));
  });
};
