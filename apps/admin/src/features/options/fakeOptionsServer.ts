import {
  type AdminRole,
  type AdminSummary,
  type Endpoint,
  ERRORS,
  endpoints,
  LANGUAGE_HEADER,
  type OptionExposure,
} from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import { catalogues } from '@kestrel/i18n/all';
import { vi } from 'vitest';
import type { AdminOptionProduct } from './ProductDialog';

type OperationId = keyof typeof endpoints;
/** A request as the fake took it, and whether it kept to its endpoint's schemas. */
export type FakeCall = { operationId: OperationId; params: unknown; body: unknown; violation: string | null };
type Refusal = keyof typeof ERRORS;

/** The clock of the fake: round numbers and close times follow from it. */
const NOW_MS = Date.parse('2026-11-27T10:00:30.000Z');

function roundOf(seconds: number, buyCutoffSeconds: number) {
  const periodNumber = Math.floor(NOW_MS / 1000 / seconds);
  const closeMs = (periodNumber + 1) * seconds * 1000;
  return {
    periodSeconds: seconds,
    periodNumber,
    openTime: new Date(periodNumber * seconds * 1000).toISOString(),
    closeTime: new Date(closeMs).toISOString(),
    buyCutoffTime: new Date(closeMs - buyCutoffSeconds * 1000).toISOString(),
  };
}

type Settings = {
  periods: {
    seconds: number;
    payoutRate: string;
    minStake: string;
    maxStake: string;
    buyCutoffSeconds: number;
  }[];
  maxOpenOrders: number;
  maxDailyLoss: string;
  open: boolean;
};

/** A product as the server would describe it, with the current round of each period. */
export function optionProduct(
  id: string,
  symbol: string,
  settings: Settings,
  changes: Partial<AdminOptionProduct> = {},
): AdminOptionProduct {
  const periods = [...settings.periods]
    .sort((a, b) => a.seconds - b.seconds)
    .map((period) => ({ ...roundOf(period.seconds, period.buyCutoffSeconds), ...period }));
  const first = periods[0] ?? roundOf(60, 0);
  return {
    id,
    symbol,
    asset: 'USDT',
    open: settings.open,
    periods,
    periodNumber: first.periodNumber,
    closeTime: first.closeTime,
    buyCutoffTime: first.buyCutoffTime,
    maxOpenOrders: settings.maxOpenOrders,
    maxDailyLoss: settings.maxDailyLoss,
    staleSeconds: 10,
    lastTick: { id: '9001', price: '95000.12', time: new Date(NOW_MS - 1000).toISOString() },
    stale: false,
    updatedAt: '2026-11-26T08:00:00.000Z',
    ...changes,
  };
}

const pattern = (endpoint: Endpoint) => new RegExp(`^${endpoint.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);

/** A dotted key of the full catalogue in one locale, as the server words its refusals. */
function wordsOf(key: string, locale: string): string {
  const catalogue = catalogues[(locale in catalogues ? locale : 'en-US') as Locale];
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return typeof node === 'string' ? node : key;
}

/**
 * A fake admin API for the options page that keeps to the contract: each request is matched to its endpoint in
 * the contract's table, its params and body are parsed with the endpoint's schemas (a mismatch is recorded as a
 * violation and refused), and each answer is parsed with the endpoint's response schema before it is sent.
 */
export function fakeOptionsServer({
  role = 'super_admin',
  products = [],
  exposure,
}: {
  role?: AdminRole;
  products?: AdminOptionProduct[];
  exposure: OptionExposure;
}) {
  const state = {
    products: new Map(products.map((product) => [product.id, structuredClone(product)])),
    exposure: structuredClone(exposure),
    /** The next call of this operation is refused with this error, in the caller's language. */
    refusals: new Map<OperationId, Refusal>(),
    nextId: 100,
  };
  const calls: FakeCall[] = [];

  const envelope = (data: unknown, status = 200, code = 0, msg = 'ok') =>
    new Response(JSON.stringify({ code, msg, data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  const handlers: Partial<Record<OperationId, (params: { id?: string }, body: never) => unknown>> = {
    getAdminMe: (): AdminSummary => ({
      id: 3,
      email: 'ines.moreau@kestrel.example',
      name: 'Ines Moreau',
      role,
      totpEnabled: true,
      disabled: false,
      createdAt: '2026-01-05T08:00:00.000Z',
    }),
    listAdminOptionProducts: () => ({ items: [...state.products.values()] }),
    getOptionExposure: () => state.exposure,
    createOptionProduct: (_params, body: Settings & { symbol: string }) => {
      const { symbol, ...settings } = body;
      const product = optionProduct(String(state.nextId++), symbol, settings);
      state.products.set(product.id, product);
      return product;
    },
    updateOptionProduct: ({ id }, body: Settings) => {
      const current = state.products.get(id ?? '');
      if (!current) return ERRORS.notFound;
      const product = optionProduct(current.id, current.symbol, body, {
        updatedAt: new Date(NOW_MS).toISOString(),
      });
      state.products.set(product.id, product);
      return product;
    },
  };

  const handle = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const language = (init?.headers as Record<string, string> | undefined)?.[LANGUAGE_HEADER] ?? 'en-US';
    const found = Object.values(endpoints)
      .filter((endpoint) => endpoint.method === method)
      .map((endpoint) => ({ endpoint: endpoint as Endpoint, match: pattern(endpoint).exec(url.pathname) }))
      .find(({ match }) => match);
    if (!found?.match)
      return envelope(null, 404, ERRORS.notFound.code, wordsOf(ERRORS.notFound.message, language));
    const { endpoint, match } = found;
    const operationId = endpoint.operationId as OperationId;
    const params = match.groups ?? {};
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: FakeCall = { operationId, params, body, violation: null };
    calls.push(call);

    for (const [part, schema, value] of [
      ['params', endpoint.params, params],
      ['body', endpoint.body, body],
    ] as const) {
      const parsed = schema?.safeParse(value);
      if (parsed && !parsed.success) {
        call.violation = `${part}: ${parsed.error.message}`;
        return envelope(
          null,
          400,
          ERRORS.parameterError.code,
          wordsOf(ERRORS.parameterError.message, language),
        );
      }
    }
    const refusal = state.refusals.get(operationId);
    const handler = handlers[operationId];
    if (refusal || !handler) {
      state.refusals.delete(operationId);
      const error = ERRORS[refusal ?? 'notFound'];
      return envelope(null, error.status, error.code, wordsOf(error.message, language));
    }
    const data = handler(params, body as never);
    if (data && typeof data === 'object' && 'code' in data && 'message' in data && 'status' in data) {
      const error = data as (typeof ERRORS)[Refusal];
      return envelope(null, error.status, error.code, wordsOf(error.message, language));
    }
    const { response } = endpoint;
    return envelope('parse' in response ? response.parse(data) : data);
  };

  vi.spyOn(window, 'fetch').mockImplementation(handle);
  return {
    calls,
    state,
    /** The requests of one operation. */
    callsOf: (operationId: OperationId) => calls.filter((call) => call.operationId === operationId),
    /** Refuses the next call of an operation with one of the contract's errors. */
    refuseNext: (operationId: OperationId, error: Refusal) => state.refusals.set(operationId, error),
  };
}
