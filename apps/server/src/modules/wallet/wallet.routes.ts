import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { WalletService } from './wallet.service';

export const walletRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  wallet: WalletService;
  idempotency: Idempotency;
}> = async (app, { auth, wallet, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });
  route(endpoints.getWalletBalances, async (request) =>
    ok({ balances: await wallet.balances(request.user.id) }, request.t('common.success')),
  );

  route(endpoints.getAssetsOverview, async (request) =>
    ok(await wallet.overview(request.user), request.t('common.success')),
  );

  route(endpoints.listAccountRecords, async (request) =>
    ok(await wallet.records(request.user, request.query), request.t('common.success')),
  );

  route(endpoints.transferFunds, async (request, _reply, { reference }) =>
    ok(await wallet.transfer(request.user, request.body, reference), request.t('money.transferred')),
  );
};
