import {
  assetsOverview,
  recordsPage,
  recordsQuery,
  transferBody,
  transferResult,
  walletBalances,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/authenticate';
import type { Idempotency } from '../../http/idempotency';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { WalletService } from './wallet.service';

export const walletRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  wallet: WalletService;
  idempotency: Idempotency;
}> = async (app, { auth, wallet, idempotency }) => {
  app.get(
    '/balances',
    {
      schema: {
        operationId: 'getWalletBalances',
        tags: ['wallet'],
        summary: "The user's available and frozen funds per account and asset, as decimal strings",
        security: [{ token: [] }],
        response: responses(walletBalances),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok({ balances: await wallet.balances(request.user.id) }, request.t('common.success')),
  );

  app.get(
    '/assets',
    {
      schema: {
        operationId: 'getAssetsOverview',
        tags: ['wallet'],
        summary:
          "The user's holdings per account and asset with $ values and totals; only stablecoins are valued until market prices are live",
        security: [{ token: [] }],
        response: responses(assetsOverview),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await wallet.overview(request.user), request.t('common.success')),
  );

  app.get(
    '/records',
    {
      schema: {
        operationId: 'listAccountRecords',
        tags: ['wallet'],
        summary:
          "The account change log, a view of the user's ledger postings: newest first, by type and asset, a cursor page at a time",
        security: [{ token: [] }],
        querystring: recordsQuery,
        response: responses(recordsPage),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await wallet.records(request.user, request.query), request.t('common.success')),
  );

  app.post(
    '/transfer',
    {
      schema: {
        operationId: 'transferFunds',
        tags: ['wallet'],
        summary:
          "Move funds between the user's own accounts, immediately. Send an Idempotency-Key header to retry safely: a replay answers as the first request did",
        security: [{ token: [] }],
        body: transferBody,
        response: responses(transferResult),
      },
      preHandler: requireUser(auth),
    },
    async (request, reply) =>
      idempotency.run(request, reply, async (reference) =>
        ok(await wallet.transfer(request.user, request.body, reference), request.t('money.transferred')),
      ),
  );
};
