import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { IdentityReviewService } from './identity-review.service';

export const identityReviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  review: IdentityReviewService;
}> = async (app, { admins, review }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listIdentitySubmissions, async (request) =>
    ok(await review.list(request.query), request.t('common.success')),
  );

  route(endpoints.getIdentitySubmission, async (request) =>
    ok(await review.detail(request.params.id), request.t('common.success')),
  );

  route(endpoints.approveIdentity, async (request) =>
    ok(await review.approve(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.rejectIdentity, async (request) =>
    ok(await review.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );
};
