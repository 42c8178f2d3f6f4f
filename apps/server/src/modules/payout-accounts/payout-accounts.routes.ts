import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { BindBody } from './payout-account-kind';
import type { PayoutTable } from './payout-accounts.repository';
import type { PayoutAccountsService } from './payout-accounts.service';

type Route = ReturnType<typeof routesOf>;

// biome-ignore lint/suspicious/noExplicitAny: the kinds differ in their row and view types, which only their own routes use
type AnyAccounts = PayoutAccountsService<any, any, any, any, any>;

/** The user's own bank cards and crypto wallets: list, bind for review, delete, from each kind's endpoints. */
export const payoutAccountRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  kinds: readonly AnyAccounts[];
}> = async (app, { auth, kinds }) => {
  const route = routesOf(app, { auth });
  for (const accounts of kinds) accountRoutes(route, accounts);
};

function accountRoutes<T extends PayoutTable, Body extends BindBody, View, Summary, Detail>(
  route: Route,
  accounts: PayoutAccountsService<T, Body, View, Summary, Detail>,
) {
  const { endpoints, deletedMessage } = accounts.kind;

  route(endpoints.list, async (request) =>
    ok(await accounts.list(request.user.id), request.t('common.success')),
  );

  // Fastify cannot resolve a body's type that is still generic here; the endpoint's schema parsed it as `Body`.
  route(endpoints.bind, async (request) =>
    ok(await accounts.bind(request.user.id, request.body as Body), request.t('common.submitted')),
  );

  route(endpoints.remove, async (request) => {
    await accounts.remove(request.user.id, request.params.id);
    return ok(null, request.t(deletedMessage));
  });
}
