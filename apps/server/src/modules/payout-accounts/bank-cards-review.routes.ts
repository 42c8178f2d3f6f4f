import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { BankCardsReviewService } from './bank-cards-review.service';

export const bankCardReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: BankCardsReviewService;
}> = async (app, { admins, review }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listBankCardSubmissions, async (request) =>
    ok(await review.list(request.query), request.t('common.success')),
  );

  route(endpoints.getBankCardSubmission, async (request) =>
    ok(await review.detail(request.params.id), request.t('common.success')),
  );

  route(endpoints.approveBankCard, async (request) =>
    ok(await review.approve(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.rejectBankCard, async (request) =>
    ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
