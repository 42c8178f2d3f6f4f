import {
  cryptoWalletBody,
  cryptoWalletList,
  cryptoWalletView,
  payoutAccountIdParams,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { CryptoWalletsService } from './crypto-wallets.service';

const security = [{ token: [] }];

export const cryptoWalletRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cryptoWallets: CryptoWalletsService;
}> = async (app, { auth, cryptoWallets }) => {
  app.get(
    '/crypto-wallets',
    {
      schema: {
        operationId: 'listCryptoWallets',
        tags: ['wallet'],
        summary: "The user's crypto withdrawal wallets with their review status",
        security,
        response: responses(cryptoWalletList),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await cryptoWallets.list(request.user.id), request.t('common.success')),
  );

  app.post(
    '/crypto-wallets',
    {
      schema: {
        operationId: 'bindCryptoWallet',
        tags: ['wallet'],
        summary:
          'Bind a withdrawal wallet for review: an address valid for its chain, a screenshot, the security password',
        security,
        body: cryptoWalletBody,
        response: responses(cryptoWalletView),
      },
      preHandler: requireUser(auth),
    },
    async (request) =>
      ok(await cryptoWallets.bind(request.user.id, request.body), request.t('common.submitted')),
  );

  app.delete(
    '/crypto-wallets/:id',
    {
      schema: {
        operationId: 'deleteCryptoWallet',
        tags: ['wallet'],
        summary:
          'Delete one of the user’s withdrawal wallets; withdrawals already sent to it keep pointing at it',
        security,
        params: payoutAccountIdParams,
        response: responses(z.null()),
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      await cryptoWallets.remove(request.user.id, request.params.id);
      return ok(null, request.t('cryptoWallets.deleted'));
    },
  );
};
