import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, type Audited, actorOf } from '../admin';
import type { ReviewQueue } from './review.service';
import type { ApprovalBody } from './review-queue';

type Route = ReturnType<typeof routesOf>;

/** A queue of any kind, as the routes take it: each is registered from its own kind's endpoints. */
// biome-ignore lint/suspicious/noExplicitAny: the queues differ in their item types, which only their own routes use
type AnyQueue = ReviewQueue<any, any, any, any, any>;

/** Every review queue's routes: list, detail, approve, reject and the kind's own actions, from its description. */
export const reviewRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  idempotency: Idempotency;
  queues: readonly AnyQueue[];
}> = async (app, { admins, idempotency, queues }) => {
  const route = routesOf(app, { admins, idempotency });
  for (const queue of queues) queueRoutes(route, queue);
};

function queueRoutes<R extends Audited<R>, Summary, Detail, Approval extends ApprovalBody, Decided>(
  route: Route,
  queue: ReviewQueue<R, Summary, Detail, Approval, Decided>,
) {
  const { endpoints, approvedMessage = 'common.success', actions } = queue.kind;

  route(endpoints.list, async (request) => ok(await queue.list(request.query), request.t('common.success')));

  if (endpoints.detail) {
    route(endpoints.detail, async (request) =>
      ok(await queue.detail(request.params.id), request.t('common.success')),
    );
  }

  // Fastify cannot resolve a body's type that is still generic here; the endpoint's schema parsed it as `Approval`.
  route(endpoints.approve, async (request) =>
    ok(
      await queue.approve(request.params.id, request.body as Approval, actorOf(request)),
      request.t(approvedMessage),
    ),
  );

  route(endpoints.reject, async (request) =>
    ok(await queue.reject(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  actions?.((endpoint, run) =>
    route(endpoint, async (request) => {
      await run(request.params.id, request.body as Parameters<typeof run>[1], actorOf(request));
      return ok(await queue.detail(request.params.id), request.t('common.success'));
    }),
  );
}
