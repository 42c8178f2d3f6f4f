import type { TranslationKey } from '@kestrel/i18n/web';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type Notice } from './client';

type Call = { url: string; init: RequestInit };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The client under test, with a fake fetch answering `answer` and spies on everything it talks to. */
function setup(
  answer: (init: RequestInit) => Promise<Response>,
  session: { token?: string; language?: string } = {},
  timeoutMs?: number,
) {
  const calls: Call[] = [];
  const notices: Notice[] = [];
  const navigate = vi.fn<(path: string) => void>();
  const clearStorage = vi.fn<() => void>();
  const sut = createApiClient({
    fetch: (url, init) => {
      calls.push({ url, init });
      return answer(init);
    },
    baseUrl: 'https://api.example',
    getToken: () => session.token ?? '',
    getLanguage: () => session.language ?? 'en-US',
    notify: (notice) => notices.push(notice),
    translate: (key: TranslationKey) => `t:${key}`,
    navigate,
    clearStorage,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  const headers = () => new Headers(calls[0]?.init.headers);
  return { sut, calls, notices, navigate, clearStorage, headers };
}

const ok = (data: unknown) => () => Promise.resolve(jsonResponse(200, { code: 0, msg: 'ok', data }));

describe('the request client', () => {
  describe('headers', () => {
    it('sends think-lang en-US when no language is stored', async () => {
      const { sut, headers } = setup(ok(null));
      await sut.get('/api/health');
      expect(headers().get('think-lang')).toBe('en-US');
    });

    it('sends the stored language in think-lang', async () => {
      const { sut, headers } = setup(ok(null), { language: 'ar' });
      await sut.get('/api/health');
      expect(headers().get('think-lang')).toBe('ar');
    });

    it('sends Authorization with the stored token', async () => {
      const { sut, headers } = setup(ok(null), { token: 'tok-123' });
      await sut.get('/api/user/info');
      expect(headers().get('Authorization')).toBe('tok-123');
    });

    it('sends no Authorization header without a token', async () => {
      const { sut, headers } = setup(ok(null));
      await sut.get('/api/user/info');
      expect(headers().has('Authorization')).toBe(false);
    });

    it('prefixes the base URL and sends a JSON body only when there is one', async () => {
      const { sut, calls } = setup(ok(null));
      await sut.post('/api/auth/login', { account: 'a@b.co', password: 'x' });
      await sut.post('/api/auth/logout');
      expect(calls[0]?.url).toBe('https://api.example/api/auth/login');
      expect(calls[0]?.init.method).toBe('POST');
      expect(calls[0]?.init.body).toBe(JSON.stringify({ account: 'a@b.co', password: 'x' }));
      expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
      expect(calls[1]?.init.body).toBeUndefined();
      expect(new Headers(calls[1]?.init.headers).has('Content-Type')).toBe(false);
    });
  });

  describe('prefetch', () => {
    it('hands a prefetched answer to the first GET of its path, once', async () => {
      let served = 0;
      const { sut, calls, headers } = setup(
        () => {
          served += 1;
          return Promise.resolve(jsonResponse(200, { code: 0, msg: 'ok', data: { served } }));
        },
        { token: 'tok-1', language: 'ar' },
      );
      sut.prefetch('/api/markets/BTCUSDT');
      expect(calls).toHaveLength(1);
      expect(headers().get('Authorization')).toBe('tok-1');
      expect(headers().get('think-lang')).toBe('ar');

      await expect(sut.get('/api/markets/BTCUSDT')).resolves.toEqual({ served: 1 });
      expect(calls).toHaveLength(1);
      // Taken once: the next read asks again, and so does a read of another path.
      await expect(sut.get('/api/markets/BTCUSDT')).resolves.toEqual({ served: 2 });
      await sut.get('/api/markets/ETHUSDT');
      expect(calls).toHaveLength(3);
    });

    it('asks again instead of handing out a prefetched answer older than ten seconds', async () => {
      vi.useFakeTimers();
      try {
        let served = 0;
        const { sut, calls } = setup(() => {
          served += 1;
          return Promise.resolve(jsonResponse(200, { code: 0, msg: 'ok', data: { served } }));
        });
        sut.prefetch('/api/markets/BTCUSDT');
        await vi.advanceTimersByTimeAsync(10_001);
        await expect(sut.get('/api/markets/BTCUSDT')).resolves.toEqual({ served: 2 });
        expect(calls).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it('reports a prefetch that failed as the network error of the request that takes it', async () => {
      const { sut, notices } = setup(() => Promise.reject(new TypeError('offline')));
      sut.prefetch('/api/markets/BTCUSDT');
      await expect(sut.get('/api/markets/BTCUSDT')).rejects.toMatchObject({ kind: 'network' });
      expect(notices).toEqual([{ tone: 'negative', message: 't:notice.network' }]);
    });
  });

  it('unwraps the envelope and hands on data when code is 0', async () => {
    const { sut, notices } = setup(ok({ resendAfter: 60 }));
    await expect(sut.post('/api/auth/code', {})).resolves.toEqual({ resendAfter: 60 });
    expect(notices).toEqual([]);
  });

  it('checks data with the schema it is given', async () => {
    const schema = { parse: (value: unknown) => ({ checked: value }) };
    const { sut } = setup(ok(7));
    await expect(sut.get('/api/x', schema)).resolves.toEqual({ checked: 7 });
  });

  it('waits for a schema that answers later and treats its rejection as a network failure', async () => {
    const later = { parse: async (value: unknown) => ({ checked: value }) };
    await expect(setup(ok(7)).sut.get('/api/x', later)).resolves.toEqual({ checked: 7 });
    const refusing = { parse: (): Promise<never> => Promise.reject(new Error('wrong shape')) };
    const { sut, notices } = setup(ok(7));
    await expect(sut.get('/api/x', refusing)).rejects.toMatchObject({ kind: 'network', code: 0 });
    expect(notices).toEqual([{ tone: 'negative', message: 't:notice.network' }]);
  });

  it('shows the server message in a negative notice and rejects when code is not 0', async () => {
    const { sut, notices } = setup(() =>
      Promise.resolve(jsonResponse(200, { code: 2004, msg: 'Code wrong', data: null })),
    );
    const error = await sut.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 2004, message: 'Code wrong' });
    expect(notices).toEqual([{ tone: 'negative', message: 'Code wrong' }]);
  });

  it.each([400, 404, 409, 429])('prefers the translated envelope message on HTTP %i', async (status) => {
    const { sut, notices } = setup(() =>
      Promise.resolve(jsonResponse(status, { code: 2001, msg: 'Wrong password', data: null })),
    );
    await expect(sut.post('/api/auth/login', {})).rejects.toMatchObject({ kind: 'business', status });
    expect(notices).toEqual([{ tone: 'negative', message: 'Wrong password' }]);
  });

  it('shows "system busy" on HTTP 500, whatever the body says', async () => {
    const { sut, notices, navigate } = setup(() =>
      Promise.resolve(jsonResponse(500, { code: 1500, msg: 'boom', data: null })),
    );
    await expect(sut.get('/api/user/info')).rejects.toMatchObject({ kind: 'server', status: 500 });
    expect(notices).toEqual([{ tone: 'negative', message: 't:notice.systemBusy' }]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on HTTP 401 asks to authorize, clears local storage and goes to /user/login', async () => {
    const { sut, notices, navigate, clearStorage } = setup(
      () => Promise.resolve(jsonResponse(401, { code: 1001, msg: 'Unauthorized', data: null })),
      { token: 'expired' },
    );
    await expect(sut.get('/api/user/info')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(notices).toEqual([{ tone: 'negative', message: 't:notice.unauthorized' }]);
    expect(clearStorage).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/user/login');
  });

  it.each([403, 502, 503])(
    'shows "network connection errors" on HTTP %i without an envelope',
    async (status) => {
      const { sut, notices } = setup(() =>
        Promise.resolve(new Response('<html>Bad gateway</html>', { status })),
      );
      await expect(sut.get('/api/health')).rejects.toMatchObject({ kind: 'network', status });
      expect(notices).toEqual([{ tone: 'negative', message: 't:notice.network' }]);
    },
  );

  it('shows "network connection errors" when a 2xx answer is not JSON', async () => {
    const { sut, notices } = setup(() => Promise.resolve(new Response('<!doctype html>', { status: 200 })));
    await expect(sut.get('/api/health')).rejects.toMatchObject({ kind: 'network' });
    expect(notices).toEqual([{ tone: 'negative', message: 't:notice.network' }]);
  });

  it('shows "network connection errors" when the request never reaches the server', async () => {
    const { sut, notices, navigate, clearStorage } = setup(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    await expect(sut.get('/api/health')).rejects.toMatchObject({ kind: 'network', status: null });
    expect(notices).toEqual([{ tone: 'negative', message: 't:notice.network' }]);
    expect(navigate).not.toHaveBeenCalled();
    expect(clearStorage).not.toHaveBeenCalled();
  });

  it('gives up on a call that does not answer in time and reports a network error', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const { sut, notices } = setup(hang, {}, 20);
    await expect(sut.get('/api/health')).rejects.toMatchObject({ kind: 'network' });
    expect(notices).toEqual([{ tone: 'negative', message: 't:notice.network' }]);
  });

  it('stays silent for a quiet call but still rejects', async () => {
    const { sut, notices } = setup(() => Promise.reject(new TypeError('offline')));
    await expect(sut.post('/api/auth/logout', undefined, undefined, { quiet: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(notices).toEqual([]);
  });
});
