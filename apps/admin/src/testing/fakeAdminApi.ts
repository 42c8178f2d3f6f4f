import {
  type AdminRole,
  type AdminSummary,
  type Endpoint,
  ERRORS,
  endpoints,
  LANGUAGE_HEADER,
} from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { catalogues } from '@kestrel/i18n/all';
import { vi } from 'vitest';

export type OperationId = keyof typeof endpoints;
type Refusal = keyof typeof ERRORS;
type ContractError = (typeof ERRORS)[Refusal];

/** A request as the fake took it, and whether it kept to its endpoint's schemas. */
export type FakeCall = {
  operationId: OperationId;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  violation: string | null;
};

/** What a handler is given: the request's parts, parsed with the endpoint's schemas. */
export type FakeRequest = { params: Record<string, string>; query: Record<string, unknown>; body: never };
/** An answer (checked against the endpoint's response schema) or one of the contract's errors. */
export type FakeHandler = (request: FakeRequest) => unknown;

/** The clock of the fakes: every change they make happens at this time. */
export const NOW = '2026-11-27T10:00:00.000Z';

const pattern = (endpoint: Endpoint) => new RegExp(`^${endpoint.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);

/** A dotted key of the full catalogue in one locale, as the server words its refusals. */
function wordsOf(key: string, locale: string): string {
  const catalogue = catalogues[(locale in catalogues ? locale : 'en-US') as Locale];
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

const isError = (data: unknown): data is ContractError =>
  !!data && typeof data === 'object' && 'code' in data && 'message' in data && 'status' in data;

/**
 * A fake admin API that keeps to the contract: each request is matched to its endpoint in the contract's table,
 * its params, query and body are parsed with the endpoint's schemas (a mismatch is recorded as a violation and
 * refused), the signed-in operator's role is checked against the endpoint's roles as the server does, and each
 * answer is parsed with the endpoint's response schema before it is sent. Refusals come back in the caller's
 * language.
 */
export function fakeAdminApi(role: AdminRole, handlers: Partial<Record<OperationId, FakeHandler>>) {
  const calls: FakeCall[] = [];
  const refusals = new Map<OperationId, Refusal>();
  const me: AdminSummary = {
    id: 3,
    email: 'ines.moreau@kestrel.example',
    name: 'Ines Moreau',
    role,
    totpEnabled: true,
    disabled: false,
    createdAt: '2026-01-05T08:00:00.000Z',
  };
  const all: Partial<Record<OperationId, FakeHandler>> = { getAdminMe: () => me, ...handlers };

  const envelope = (data: unknown, status = 200, code = 0, msg = 'ok') =>
    new Response(JSON.stringify({ code, msg, data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  const refuse = (error: ContractError, language: string) =>
    envelope(null, error.status, error.code, wordsOf(error.message, language));

  const handle = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const language = (init?.headers as Record<string, string> | undefined)?.[LANGUAGE_HEADER] ?? 'en-US';
    const found = Object.values(endpoints)
      .filter((endpoint) => endpoint.method === method)
      .map((endpoint) => ({ endpoint: endpoint as Endpoint, match: pattern(endpoint).exec(url.pathname) }))
      .find(({ match }) => match);
    if (!found?.match) return refuse(ERRORS.notFound, language);
    const { endpoint, match } = found;
    const operationId = endpoint.operationId as OperationId;
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
    const rawQuery = Object.fromEntries(url.searchParams);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: FakeCall = { operationId, params, query: rawQuery, body, violation: null };
    calls.push(call);

    const { auth } = endpoint as { auth: { kind: string; roles?: readonly string[] } };
    if (
      auth.kind === 'operator' &&
      role !== 'super_admin' &&
      auth.roles?.length &&
      !auth.roles.includes(role)
    ) {
      call.violation = `role: ${role} may not call ${operationId}`;
      return refuse(ERRORS.forbidden, language);
    }

    let query: Record<string, unknown> = rawQuery;
    for (const [part, schema, value] of [
      ['params', endpoint.params, params],
      ['query', endpoint.query, rawQuery],
      ['body', endpoint.body, body],
    ] as const) {
      const parsed = schema?.safeParse(value);
      if (parsed && !parsed.success) {
        call.violation = `${part}: ${parsed.error.message}`;
        return refuse(ERRORS.parameterError, language);
      }
      if (part === 'query' && parsed) query = parsed.data as Record<string, unknown>;
    }
    const refusal = refusals.get(operationId);
    const handler = all[operationId];
    if (refusal || !handler) {
      refusals.delete(operationId);
      return refuse(ERRORS[refusal ?? 'notFound'], language);
    }
    const data = handler({ params, query, body: body as never });
    if (isError(data)) return refuse(data, language);
    const { response } = endpoint;
    return envelope('parse' in response ? response.parse(structuredClone(data)) : data);
  };

  vi.spyOn(window, 'fetch').mockImplementation(handle);
  return {
    calls,
    /** The requests of one operation. */
    callsOf: (operationId: OperationId) => calls.filter((call) => call.operationId === operationId),
    /** Refuses the next call of an operation with one of the contract's errors. */
    refuseNext: (operationId: OperationId, error: Refusal) => refusals.set(operationId, error),
  };
}
