import { ApiError, type Notice } from '@kestrel/client';
import { LANGUAGE_HEADER } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';

export type ApiClientDeps = {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  getToken: () => string;
  getLanguage: () => string;
  notify: (notice: Notice) => void;
  translate: (key: TranslationKey) => string;
  /** Called on 401 after the admin token is dropped; the console shows its login. */
  onUnauthorized: () => void;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** No notice on failure (the call still rejects): for failures the screen handles itself. */
  quiet?: boolean;
  /** Extra request headers, such as the Idempotency-Key of a money-moving POST. */
  headers?: Record<string, string>;
};

/** Every console call goes to the admin API; the user API never accepts the admin token anyway. */
export const ADMIN_API = '/api/admin';

type Envelope = { code: number; msg: string; data: unknown };

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    const value: unknown = JSON.parse(await response.text());
    if (typeof value !== 'object' || value === null) return null;
    const { code, msg, data } = value as Record<string, unknown>;
    if (typeof code !== 'number' || typeof msg !== 'string') return null;
    return { code, msg, data };
  } catch {
    return null;
  }
}

/**
 * The console's request client, with the user app's envelope rules: adds the language and admin token
 * headers, unwraps `{code, msg, data}`, shows the server's (already translated) `msg` when code ≠ 0, and on
 * 401 ends the admin session. Framework-free so it can be tested with a fake fetch.
 */
export function createApiClient(deps: ApiClientDeps) {
  function fail(error: ApiError, quiet: boolean): never {
    if (!quiet) deps.notify({ tone: 'negative', message: error.message });
    throw error;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const quiet = options.quiet ?? false;
    const headers: Record<string, string> = {
      ...options.headers,
      Accept: 'application/json',
      [LANGUAGE_HEADER]: deps.getLanguage() || 'en-US',
    };
    const token = deps.getToken();
    if (token) headers.Authorization = token;
    const init: RequestInit = { method: options.method ?? 'GET', headers };
    if (options.body instanceof FormData) {
      // A file upload: the browser writes the multipart boundary itself.
      init.body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await deps.fetch(`${ADMIN_API}${path}`, init);
    } catch {
      return fail(new ApiError('network', deps.translate('admin.notice.network'), null, null), quiet);
    }
    const envelope = await readEnvelope(response);
    if (response.status === 401) {
      deps.onUnauthorized();
      // A wrong password at login is also a 401 with a message of its own; show that one when there is one.
      const message = envelope?.msg || deps.translate('admin.notice.unauthorized');
      return fail(new ApiError('unauthorized', message, 401, envelope?.code ?? null), quiet);
    }
    if (response.status >= 500) {
      return fail(
        new ApiError(
          'server',
          deps.translate('admin.notice.systemBusy'),
          response.status,
          envelope?.code ?? null,
        ),
        quiet,
      );
    }
    if (envelope && envelope.code !== 0 && envelope.msg) {
      return fail(new ApiError('business', envelope.msg, response.status, envelope.code), quiet);
    }
    if (!response.ok || !envelope || envelope.code !== 0) {
      return fail(
        new ApiError(
          'network',
          deps.translate('admin.notice.network'),
          response.status,
          envelope?.code ?? null,
        ),
        quiet,
      );
    }
    return envelope.data as T;
  }

  return {
    request,
    get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }),
    patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
    delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A query string of the given values, leaving out the empty ones. */
export function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
