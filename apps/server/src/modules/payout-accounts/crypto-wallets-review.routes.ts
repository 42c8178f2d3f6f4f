import {
  adminCryptoWalletDetail,
  adminCryptoWalletPage,
  adminIdParams,
  approveBody,
  rejectBody,
  reviewQueueQuery,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { CryptoWalletsReviewService } from './crypto-wallets-review.service';

const security = [{ token: [] }];

export const cryptoWalletReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: CryptoWalletsReviewService;
}> = async (app, { admins, review }) => {
  const reviewer = requireAdmin(admins, { roles: ['reviewer'] });

  app.get(
    '/crypto-wallets',
    {
      schema: {
        operationId: 'listCryptoWalletSubmissions',
        tags: ['admin'],
        summary: 'Withdrawal wallets of one review status, by user or address',
        security,
        querystring: reviewQueueQuery,
        response: responses(adminCryptoWalletPage),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.list(request.query), request.t('common.success')),
  );

  app.get(
    '/crypto-wallets/:id',
    {
      schema: {
        operationId: 'getCryptoWalletSubmission',
        tags: ['admin'],
        summary: 'One withdrawal wallet in full, with its screenshot',
        security,
        params: adminIdParams,
        response: responses(adminCryptoWalletDetail),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.detail(request.params.id), request.t('common.success')),
  );

  app.post(
    '/crypto-wallets/:id/approve',
    {
      schema: {
        operationId: 'approveCryptoWallet',
        tags: ['admin'],
        summary: 'Approve a pending withdrawal wallet; the user is notified and may withdraw to it',
        security,
        params: adminIdParams,
        body: approveBody,
        response: responses(adminCryptoWalletDetail),
      },
      onRequest: reviewer,
    },
    async (request) =>
      ok(
        await review.approve(request.params.id, request.body, actorOf(request)),
        request.t('common.success'),
      ),
  );

  app.post(
    '/crypto-wallets/:id/reject',
    {
      schema: {
        operationId: 'rejectCryptoWallet',
        tags: ['admin'],
        summary: 'Reject a pending withdrawal wallet with a reason the user is shown',
        security,
        params: adminIdParams,
        body: rejectBody,
        response: responses(adminCryptoWalletDetail),
      },
      onRequest: reviewer,
    },
    async (request) =>
      ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
