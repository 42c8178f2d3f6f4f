import {
  adminIdentityDetail,
  adminIdentityPage,
  adminIdParams,
  approveBody,
  rejectBody,
  reviewQueueQuery,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { IdentityReviewService } from './identity-review.service';

const security = [{ token: [] }];

export const identityReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: IdentityReviewService;
}> = async (app, { admins, review }) => {
  const reviewer = requireAdmin(admins, { roles: ['reviewer'] });

  app.get(
    '/identity',
    {
      schema: {
        operationId: 'listIdentitySubmissions',
        tags: ['admin'],
        summary:
          'Identity submissions of one status (pending oldest first, decided newest first), by user or real name',
        security,
        querystring: reviewQueueQuery,
        response: responses(adminIdentityPage),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.list(request.query), request.t('common.success')),
  );

  app.get(
    '/identity/:id',
    {
      schema: {
        operationId: 'getIdentitySubmission',
        tags: ['admin'],
        summary: 'One identity submission in full, with its images and the same user’s earlier submissions',
        security,
        params: adminIdParams,
        response: responses(adminIdentityDetail),
      },
      onRequest: reviewer,
    },
    async (request) => ok(await review.detail(request.params.id), request.t('common.success')),
  );

  app.post(
    '/identity/:id/approve',
    {
      schema: {
        operationId: 'approveIdentity',
        tags: ['admin'],
        summary: 'Approve a pending identity submission; the user is notified',
        security,
        params: adminIdParams,
        body: approveBody,
        response: responses(adminIdentityDetail),
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
    '/identity/:id/reject',
    {
      schema: {
        operationId: 'rejectIdentity',
        tags: ['admin'],
        summary: 'Reject a pending identity submission with a reason the user is shown',
        security,
        params: adminIdParams,
        body: rejectBody,
        response: responses(adminIdentityDetail),
      },
      onRequest: reviewer,
    },
    async (request) =>
      ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
