import type { z } from 'zod';
import type { AdminRole } from './admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone; a signed-in user; or a back-office operator of one of `roles` (super admins
 * always may; no roles means every operator). `duringTotpEnrolment` opens it to an operator who still has to
 * enrol an authenticator, which every other operator endpoint refuses.
 */
export type EndpointAuth =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | { readonly kind: 'operator'; readonly roles: readonly AdminRole[]; readonly duringTotpEnrolment?: true };

export const PUBLIC = { kind: 'public' } as const;
export const USER = { kind: 'user' } as const;

/** An operator endpoint for the given roles (and super admins); none given means any operator. */
export function operator<const R extends readonly AdminRole[]>(...roles: R) {
  return { kind: 'operator', roles } as const;
}

/** Every operator, including one who still has to enrol an authenticator (to sign in, enrol and sign out). */
export const ENROLLING_OPERATOR = { kind: 'operator', roles: [], duringTotpEnrolment: true } as const;

/** An answer that is the stored image's bytes rather than the `{code, msg, data}` envelope. */
export const IMAGE_BYTES = { kind: 'image', mediaTypes: ['image/jpeg', 'image/webp'] } as const;
export type ImageBytes = typeof IMAGE_BYTES;

export type Endpoint = {
  readonly method: HttpMethod;
  /** The full path, with parameters as `:name`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A multipart body is read by the handler part by part, so it has no schema here. */
  readonly consumes?: 'multipart/form-data';
  /** The schema of the envelope's `data`, or the image bytes. */
  readonly response: z.ZodType | ImageBytes;
  readonly auth: EndpointAuth;
  /** Accepts an `Idempotency-Key` header: a replay answers as the first request did. */
  readonly idempotent?: true;
  /** Its repetition would move money twice: it must then be idempotent (ARCHITECTURE.md section 4). */
  readonly movesMoney?: true;
  /**
   * Refused to a demo session (decision 0055): money into or out of the platform, to someone else, or a reward.
   * A public endpoint with it refuses a request that carries a demo session's token.
   */
  readonly notInDemo?: true;
  readonly operationId: string;
  readonly tag: string;
  readonly summary: string;
};

/** Declares one endpoint, keeping its literal types so that clients derive its input and output from it. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Part<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? Record<never, never> extends z.input<E[K]>
    ? { [P in K]?: z.input<E[K]> }
    : { [P in K]: z.input<E[K]> }
  : { [P in K]?: never };

/** What a caller sends: the path parameters, the query and the body the endpoint declares. */
export type EndpointInput<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;

/** What the envelope's `data` holds on success (an image endpoint answers with its bytes). */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : Uint8Array;

/** The path parameters of an endpoint, as the caller gives them. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : undefined;

/** The path of a call: each `:name` replaced by its parameter, URL-encoded. */
export function pathOf<E extends Endpoint>(
  endpoint: E,
  ...[params]: E['params'] extends z.ZodType
    ? [params: z.input<E['params']>]
    : E['params'] extends undefined
      ? []
      : [params?: Record<string, unknown>]
): string {
  return fillPath(endpoint, (params ?? {}) as Record<string, unknown>);
}

/** A path with each `:name` replaced by its parameter, URL-encoded: what `pathOf` and the clients' calls share. */
export function fillPath(
  endpoint: { readonly operationId: string; readonly path: string },
  params: Record<string, unknown>,
): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.operationId} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}
