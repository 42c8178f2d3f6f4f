import {
  adminBankCardDetail,
  adminBankCardPage,
  adminIdParams,
  approveBody,
  rejectBody,
  reviewQueueQuery,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { BankCardsReviewService } from './bank-cards-review.service';

const security = [{ token: [] }];

export const bankCardReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: BankCardsReviewService;
}> = async (app, { admins, review }) => {
  const reviewer = requireAdmin(admins, { roles: ['reviewer'] });

  app.get(
    '/bank-cards',
    {
      schema: {
        operationId: 'listBankCardSubmissions',
        tags: ['admin'],
        summary: 'Bank cards of one review status, by user, cardholder or card number',
        security,
        querystring: reviewQueueQuery,
        response: responses(adminBankCardPage),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.list(request.query), request.t('common.success')),
  );

  app.get(
    '/bank-cards/:id',
    {
      schema: {
        operationId: 'getBankCardSubmission',
        tags: ['admin'],
        summary: 'One bank card in full, with the whole card number',
        security,
        params: adminIdParams,
        response: responses(adminBankCardDetail),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.detail(request.params.id), request.t('common.success')),
  );

  app.post(
    '/bank-cards/:id/approve',
    {
      schema: {
        operationId: 'approveBankCard',
        tags: ['admin'],
        summary: 'Approve a pending bank card; the user is notified and may withdraw to it',
        security,
        params: adminIdParams,
        body: approveBody,
        response: responses(adminBankCardDetail),
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
    '/bank-cards/:id/reject',
    {
      schema: {
        operationId: 'rejectBankCard',
        tags: ['admin'],
        summary: 'Reject a pending bank card with a reason the user is shown',
        security,
        params: adminIdParams,
        body: rejectBody,
        response: responses(adminBankCardDetail),
      },
      onRequest: reviewer,
    },
    async (request) =>
      ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
