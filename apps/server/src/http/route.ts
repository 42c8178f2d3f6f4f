import { type Endpoint, type Envelope, IMAGE_BYTES, type ImageBytes } from '@kestrel/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import { type AdminsService, requireAdmin } from '../modules/admin';
import type { AuthService } from '../modules/auth';
import { AppError } from './app-error';
import { requireUser, sessionUserOf } from './authenticate';
import type { Idempotency } from './idempotency';
import { imageResponses, responses } from './reply';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request to an endpoint: its path parameters, query and body as the endpoint's schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** The answer a handler gives: the envelope of the endpoint's data, or the reply that sent an image. */
type Answer<E extends Endpoint> = E['response'] extends z.ZodType
  ? Envelope<z.input<E['response']>>
  : FastifyReply;

/** What an idempotent endpoint's handler is given: a reference no retry with the same key changes. */
export type IdempotencyKey = { reference: string; keyed: boolean };

export type EndpointHandler<E extends Endpoint> = E['idempotent'] extends true
  ? (request: EndpointRequest<E>, reply: FastifyReply, key: IdempotencyKey) => Promise<Answer<E>>
  : (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E>>;

/** What checks who calls: the user sessions, the operator sessions, and the store of idempotency keys. */
export type Guards = { auth?: AuthService; admins?: AdminsService; idempotency?: Idempotency };

type RouteOptions = {
  /** Checks of the route's own, run after the caller is known (an operator's role from a setting, a lock-out). */
  onRequest?: onRequestHookHandler;
};

const SECURITY = [{ token: [] }];

function isImage(response: z.ZodType | ImageBytes): response is ImageBytes {
  return response === IMAGE_BYTES;
}

/**
 * Registers routes from the contract's endpoints table, so that a route cannot drift from its entry: the method,
 * the path, the schemas, the OpenAPI metadata, who may call it and whether it is idempotent all come from the
 * entry. Routes are registered inside a plugin whose prefix the entry's path starts with.
 */
export function routesOf(app: FastifyInstance, guards: Guards) {
  return function route<E extends Endpoint>(
    endpoint: E,
    handler: EndpointHandler<E>,
    options: RouteOptions = {},
  ) {
    if (!endpoint.path.startsWith(app.prefix)) {
      throw new Error(`${endpoint.operationId}: ${endpoint.path} is outside ${app.prefix}`);
    }
    const { onRequest, preHandler } = accessHooks(endpoint, guards);
    if (options.onRequest) onRequest.push(options.onRequest);
    app.route({
      method: endpoint.method,
      url: endpoint.path.slice(app.prefix.length),
      schema: {
        operationId: endpoint.operationId,
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.consumes ? { consumes: [endpoint.consumes] } : {}),
        ...(endpoint.auth.kind === 'public' ? {} : { security: SECURITY }),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: isImage(endpoint.response) ? imageResponses : responses(endpoint.response),
      },
      onRequest,
      preHandler,
      handler: withIdempotency(endpoint, handler, guards),
    });
  };
}

/**
 * An operator's access is checked on request, before the body is read, so that a caller without it learns nothing
 * from validation messages; a user's after validation, as the user app has always been answered.
 */
function accessHooks(endpoint: Endpoint, { auth, admins }: Guards) {
  const onRequest: onRequestHookHandler[] = [];
  const preHandler: preHandlerHookHandler[] = [];
  const access = endpoint.auth;
  if (access.kind === 'user') {
    if (!auth) throw new Error(`${endpoint.operationId} is for users: give its routes the auth service`);
    preHandler.push(requireUser(auth));
  } else if (access.kind === 'operator') {
    if (!admins)
      throw new Error(`${endpoint.operationId} is for operators: give its routes the admins service`);
    onRequest.push(
      requireAdmin(admins, { roles: access.roles, duringTotpEnrolment: access.duringTotpEnrolment ?? false }),
    );
  }
  if (endpoint.notInDemo) {
    if (!auth)
      throw new Error(`${endpoint.operationId} refuses demo sessions: give its routes the auth service`);
    onRequest.push(refuseDemoSession(auth));
  }
  return { onRequest, preHandler };
}

/**
 * Money in or out, to someone else, or a reward: a request carrying a demo session's token is refused (decision
 * 0055), before its body is read, so that a demo account is told why rather than what its input lacks.
 */
function refuseDemoSession(auth: AuthService): onRequestHookHandler {
  return async (request) => {
    if ((await sessionUserOf(auth, request))?.book === 'demo') throw new AppError('demoNotAllowed');
  };
}

/** An idempotent endpoint's handler runs under its Idempotency-Key (see `Idempotency.run`). */
function withIdempotency<E extends Endpoint>(
  endpoint: E,
  handler: EndpointHandler<E>,
  { idempotency }: Guards,
): RouteHandlerMethod {
  if (!endpoint.idempotent) return handler as RouteHandlerMethod;
  if (!idempotency)
    throw new Error(`${endpoint.operationId} is idempotent: give its routes the idempotency store`);
  const keyed = handler as (
    request: FastifyRequest,
    reply: FastifyReply,
    key: IdempotencyKey,
  ) => Promise<Envelope<unknown>>;
  return (request, reply) =>
    idempotency.run(request, reply, (reference, isKeyed) =>
      keyed(request, reply, { reference, keyed: isKeyed }),
    );
}
