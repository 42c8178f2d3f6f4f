import { LANGUAGE_HEADER } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/web';

/** Why a call failed: the server said no (`business`), or one of the spec's error-catalogue cases. */
export type ApiFailure = 'business' | 'unauthorized' | 'server' | 'network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiFailure,
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
  }
}

/**
 * Anything that checks and types a response's `data` (the zod schemas of @kestrel/contract fit). The check may
 * answer later (see lazySchema.ts: the schema code downloads when the first response needs it).
 */
export type Parser<T> = { parse: (value: unknown) => T | Promise<T> };

export type Notice = { tone: 'negative' | 'positive'; message: string };

export type ApiClientDeps = {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Prefix for every path; '' means the page's own origin. */
  baseUrl: string;
  getToken: () => string;
  getLanguage: () => string;
  notify: (notice: Notice) => void;
  translate: (key: TranslationKey) => string;
  /** Called on 401 after local storage is cleared; the app sends the user to /user/login. */
  navigate: (path: string) => void;
  clearStorage: () => void;
  /** Abort a call that has not answered after this long; it then counts as a network error. */
  timeoutMs?: number;
};

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: Parser<T>;
  /** Do not show a notice on failure (the call still rejects); 401 still logs the user out. */
  quiet?: boolean;
  /** `blob` for binary answers (images); a failure still arrives as an envelope. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** Extra request headers, such as the Idempotency-Key of a money-moving POST. */
  headers?: Record<string, string>;
};

export const LOGIN_PATH = '/user/login';
const DEFAULT_TIMEOUT_MS = 30_000;
/** A prefetched answer older than this is not handed out: the caller asks again. */
const PREFETCH_FRESH_MS = 10_000;

type Envelope = { code: number; msg: string; data: unknown };

function asEnvelope(value: unknown): Envelope | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, msg, data } = value as Record<string, unknown>;
  if (typeof code !== 'number' || typeof msg !== 'string') return null;
  return { code, msg, data };
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    return asEnvelope(JSON.parse(await response.text()));
  } catch {
    return null;
  }
}

/**
 * The one request client: adds the language and token headers, unwraps `{code, msg, data}` and applies the
 * spec's error catalogue (§7, §8). Framework-free so it can be tested with a fake fetch.
 */
export function createApiClient(deps: ApiClientDeps) {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function fail(error: ApiError, quiet: boolean): never {
    if (!quiet) deps.notify({ tone: 'negative', message: error.message });
    throw error;
  }

  /** GETs started before anyone asked (see `prefetch`), each handed to the first request for its path. */
  const prefetched = new Map<string, { response: Promise<Response>; at: number }>();

  function headersOf(extra: Record<string, string> | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      ...extra,
      Accept: 'application/json',
      [LANGUAGE_HEADER]: deps.getLanguage() || 'en-US',
    };
    const token = deps.getToken();
    if (token) headers.Authorization = token;
    return headers;
  }

  /**
   * Starts a GET now, for a screen whose code is still downloading: the screen's own `get` of the same path,
   * within a few seconds, takes this answer instead of asking again.
   */
  function prefetch(path: string): void {
    if (prefetched.has(path)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const response = deps.fetch(`${deps.baseUrl}${path}`, {
      method: 'GET',
      headers: headersOf(undefined),
      signal: controller.signal,
    });
    // Settled either way; a failure reaches the request that takes it, or nobody.
    response.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    prefetched.set(path, { response, at: Date.now() });
  }

  function takePrefetched(path: string): Promise<Response> | undefined {
    const early = prefetched.get(path);
    if (!early) return undefined;
    prefetched.delete(path);
    return Date.now() - early.at <= PREFETCH_FRESH_MS ? early.response : undefined;
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const quiet = options.quiet ?? false;
    const headers = headersOf(options.headers);
    const init: RequestInit = { method: options.method ?? 'GET', headers };
    if (options.body instanceof FormData) {
      // The browser writes the multipart boundary into Content-Type itself.
      init.body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    // A plain controller rather than AbortSignal.timeout/any, which older iOS Safari lacks.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const abort = () => controller.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    init.signal = controller.signal;
    const early = init.method === 'GET' && !options.responseType ? takePrefetched(path) : undefined;
    try {
      return await handle(path, init, options, quiet, early);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }

  async function handle<T>(
    path: string,
    init: RequestInit,
    options: RequestOptions<T>,
    quiet: boolean,
    early: Promise<Response> | undefined,
  ): Promise<T> {
    let response: Response;
    try {
      response = await (early ?? deps.fetch(`${deps.baseUrl}${path}`, init));
    } catch {
      return fail(new ApiError('network', deps.translate('notice.network'), null, null), quiet);
    }

    if (response.status === 401) {
      const envelope = await readEnvelope(response);
      deps.clearStorage();
      deps.navigate(LOGIN_PATH);
      return fail(
        new ApiError('unauthorized', deps.translate('notice.unauthorized'), 401, envelope?.code ?? null),
        quiet,
      );
    }
    if (response.status === 500) {
      const envelope = await readEnvelope(response);
      return fail(
        new ApiError('server', deps.translate('notice.systemBusy'), 500, envelope?.code ?? null),
        quiet,
      );
    }

    if (options.responseType === 'blob' && response.ok) return (await response.blob()) as T;
    const envelope = await readEnvelope(response);
    const isClientError = response.status >= 400 && response.status < 500;
    if (envelope && envelope.code !== 0 && (response.ok || isClientError) && envelope.msg) {
      // The server already translated msg into the caller's language (think-lang).
      return fail(new ApiError('business', envelope.msg, response.status, envelope.code), quiet);
    }
    if (!response.ok || !envelope || envelope.code !== 0) {
      return fail(
        new ApiError('network', deps.translate('notice.network'), response.status, envelope?.code ?? null),
        quiet,
      );
    }
    if (!options.schema) return envelope.data as T;
    try {
      return await options.schema.parse(envelope.data);
    } catch {
      // An answer of the wrong shape is as useless to the user as no answer.
      return fail(new ApiError('network', deps.translate('notice.network'), response.status, 0), quiet);
    }
  }

  return {
    request,
    prefetch,
    get: <T>(path: string, schema?: Parser<T>, options: Omit<RequestOptions<T>, 'schema' | 'method'> = {}) =>
      request<T>(path, { ...options, method: 'GET', ...(schema ? { schema } : {}) }),
    patch: <T>(path: string, body: unknown, schema?: Parser<T>) =>
      request<T>(path, { method: 'PATCH', body, ...(schema ? { schema } : {}) }),
    /** Binary content (an uploaded image), with the same headers and failure handling as every call. */
    blob: (path: string, options: Omit<RequestOptions<Blob>, 'schema' | 'method' | 'responseType'> = {}) =>
      request<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
    post: <T>(
      path: string,
      body?: unknown,
      schema?: Parser<T>,
      options: Omit<RequestOptions<T>, 'schema' | 'method' | 'body'> = {},
    ) => request<T>(path, { ...options, method: 'POST', body, ...(schema ? { schema } : {}) }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
