import {
  type EndpointData,
  type EndpointInput,
  type Endpoints,
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  type ImageBytes,
  LANGUAGE_HEADER,
  type OperationId,
} from '@kestrel/contract';

/** Why a call failed: the server said no (`business`), or one of the spec's error-catalogue cases. */
export type ApiFailure = 'business' | 'unauthorized' | 'server' | 'network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiFailure,
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    /** The field a business refusal names (`entries.2.route`), when the server named one. */
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export type Notice = { tone: 'negative' | 'positive'; message: string };

/** The texts of the error catalogue's cases that the server does not word itself, in the user's language. */
export type FailureTexts = { network: () => string; unauthorized: () => string; systemBusy: () => string };

/** The client's view of a route (see @kestrel/contract/routes): enough to call it, with its endpoint's types. */
export type AnyRoute = {
  readonly operationId: OperationId;
  readonly method: string;
  readonly path: string;
  readonly answer?: 'bytes';
  readonly sends?: 'multipart';
};

type EndpointOf<R extends AnyRoute> = Endpoints[R['operationId']];

/** What a call sends: the endpoint's path parameters, query and body, or the form of a multipart upload. */
export type CallInput<R extends AnyRoute> = EndpointInput<EndpointOf<R>> &
  (R['sends'] extends 'multipart' ? { form: FormData } : unknown);

/** What a call answers: the envelope's `data`, or the image itself. */
export type CallData<R extends AnyRoute> = EndpointOf<R>['response'] extends ImageBytes
  ? Blob
  : EndpointData<EndpointOf<R>>;

export type CallOptions = {
  /** Do not show a notice on failure (the call still rejects); 401 still ends the session. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Makes a retried money-moving call harmless: the server answers a replay as it did the first time. */
  idempotencyKey?: string;
  /** Headers an endpoint reads besides the usual ones (the secret that opens a swap order without an account). */
  headers?: Readonly<Record<string, string>>;
};

type CallArgs<R extends AnyRoute> =
  Record<never, never> extends CallInput<R>
    ? [input?: CallInput<R>, options?: CallOptions]
    : [input: CallInput<R>, options?: CallOptions];

/** Checks an answer against its endpoint's schema; the apps pass one in development and tests only. */
export type ResponseCheck = (operationId: OperationId, data: unknown) => unknown;

export type ClientDeps = {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Prefix for every path; '' means the page's own origin. */
  baseUrl: string;
  getToken: () => string;
  getLanguage: () => string;
  notify: (notice: Notice) => void;
  texts: FailureTexts;
  /**
   * Called on 401: the app forgets the session and shows its sign-in. With `serverWordsUnauthorized` the
   * notice is the server's own message when it sent one (a wrong password at the back office's sign-in).
   */
  onUnauthorized: () => void;
  serverWordsUnauthorized?: boolean;
  check?: ResponseCheck;
  /** Abort a call that has not answered after this long; it then counts as a network error. */
  timeoutMs?: number;
};

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

type Parts = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
};

/** The path and query of a call: each `:name` filled in, URL-encoded; empty query values left out. */
export function urlOf<R extends AnyRoute>(route: R, ...[input]: CallArgs<R>): string {
  const { params = {}, query = {} } = (input ?? {}) as Parts;
  const path = fillPath(route, params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The one request client of both apps: calls an endpoint through its route, adds the language and token
 * headers, unwraps `{code, msg, data}` and applies the spec's error catalogue (§7, §8). Framework-free so it
 * can be tested with a fake fetch.
 */
export function createClient(deps: ClientDeps) {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function fail(error: ApiError, quiet: boolean): never {
    if (!quiet) deps.notify({ tone: 'negative', message: error.message });
    throw error;
  }

  /** GETs started before anyone asked (see `prefetch`), each handed to the first call of its URL. */
  const prefetched = new Map<string, { response: Promise<Response>; at: number }>();

  function headersOf(idempotencyKey: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [LANGUAGE_HEADER]: deps.getLanguage() || 'en-US',
    };
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    const token = deps.getToken();
    if (token) headers.Authorization = token;
    return headers;
  }

  /**
   * Starts a GET now, for a screen whose code is still downloading: the screen's own call of the same URL
   * (see `urlOf`), within a few seconds, takes this answer instead of asking again.
   */
  function prefetch(url: string): void {
    if (prefetched.has(url)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const response = deps.fetch(`${deps.baseUrl}${url}`, {
      method: 'GET',
      headers: headersOf(undefined),
      signal: controller.signal,
    });
    // Settled either way; a failure reaches the call that takes it, or nobody.
    response.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    prefetched.set(url, { response, at: Date.now() });
  }

  function takePrefetched(url: string): Promise<Response> | undefined {
    const early = prefetched.get(url);
    if (!early) return undefined;
    prefetched.delete(url);
    return Date.now() - early.at <= PREFETCH_FRESH_MS ? early.response : undefined;
  }

  async function call<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<CallData<R>> {
    const [input, options = {}] = args;
    const url = urlOf(route, ...args);
    const { body, form } = (input ?? {}) as Parts;
    const headers = { ...headersOf(options.idempotencyKey), ...options.headers };
    const init: RequestInit = { method: route.method, headers };
    if (form) {
      // The browser writes the multipart boundary into Content-Type itself.
      init.body = form;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    // A plain controller rather than AbortSignal.timeout/any, which older iOS Safari lacks.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const abort = () => controller.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    init.signal = controller.signal;
    const early = route.method === 'GET' && !route.answer ? takePrefetched(url) : undefined;
    try {
      return (await answerOf(route, url, init, options.quiet ?? false, early)) as CallData<R>;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }

  async function answerOf(
    route: AnyRoute,
    url: string,
    init: RequestInit,
    quiet: boolean,
    early: Promise<Response> | undefined,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await (early ?? deps.fetch(`${deps.baseUrl}${url}`, init));
    } catch {
      return fail(new ApiError('network', deps.texts.network(), null, null), quiet);
    }

    if (response.status === 401) {
      const envelope = await readEnvelope(response);
      deps.onUnauthorized();
      const message = (deps.serverWordsUnauthorized && envelope?.msg) || deps.texts.unauthorized();
      return fail(new ApiError('unauthorized', message, 401, envelope?.code ?? null), quiet);
    }
    if (response.status === 500) {
      const envelope = await readEnvelope(response);
      return fail(
        new ApiError('server', deps.texts.systemBusy(), response.status, envelope?.code ?? null),
        quiet,
      );
    }

    if (route.answer === 'bytes' && response.ok) return response.blob();
    const envelope = await readEnvelope(response);
    const isClientError = response.status >= 400 && response.status < 500;
    if (envelope && envelope.code !== 0 && (response.ok || isClientError) && envelope.msg) {
      // The server already translated msg into the caller's language (think-lang).
      const field = (envelope.data as { field?: unknown } | null)?.field;
      return fail(
        new ApiError(
          'business',
          envelope.msg,
          response.status,
          envelope.code,
          typeof field === 'string' ? field : null,
        ),
        quiet,
      );
    }
    if (!response.ok || !envelope || envelope.code !== 0) {
      return fail(
        new ApiError('network', deps.texts.network(), response.status, envelope?.code ?? null),
        quiet,
      );
    }
    if (!deps.check) return envelope.data;
    try {
      return await deps.check(route.operationId, envelope.data);
    } catch {
      // An answer of the wrong shape is as useless to the user as no answer.
      return fail(new ApiError('network', deps.texts.network(), response.status, 0), quiet);
    }
  }

  return { call, prefetch };
}

export type Client = ReturnType<typeof createClient>;
