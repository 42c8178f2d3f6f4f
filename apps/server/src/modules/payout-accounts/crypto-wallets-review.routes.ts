import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { CryptoWalletsReviewService } from './crypto-wallets-review.service';

export const cryptoWalletReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: CryptoWalletsReviewService;
}> = async (app, { admins, review }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listCryptoWalletSubmissions, async (request) =>
    ok(await review.list(request.query), request.t('common.success')),
  );

  route(endpoints.getCryptoWalletSubmission, async (request) =>
    ok(await review.detail(request.params.id), request.t('common.success')),
  );

  route(endpoints.approveCryptoWallet, async (request) =>
    ok(await review.approve(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.rejectCryptoWallet, async (request) =>
    ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
