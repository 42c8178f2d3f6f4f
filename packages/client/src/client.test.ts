import { routes } from '@kestrel/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ClientDeps, createClient, type Notice, urlOf } from './client';

type Call = { url: string; init: RequestInit };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The client under test, with a fake fetch answering `answer` and spies on everything it talks to. */
function setup(
  answer: (init: RequestInit) => Promise<Response>,
  session: { token?: string; language?: string } = {},
  extra: Partial<ClientDeps> = {},
) {
  const calls: Call[] = [];
  const notices: Notice[] = [];
  const onUnauthorized = vi.fn<() => void>();
  const sut = createClient({
    fetch: (url, init) => {
      calls.push({ url, init });
      return answer(init);
    },
    baseUrl: 'https://api.example',
    getToken: () => session.token ?? '',
    getLanguage: () => session.language ?? 'en-US',
    notify: (notice) => notices.push(notice),
    texts: {
      network: () => 't:network',
      unauthorized: () => 't:unauthorized',
      systemBusy: () => 't:systemBusy',
    },
    onUnauthorized,
    ...extra,
  });
  const headers = () => new Headers(calls[0]?.init.headers);
  return { sut, calls, notices, onUnauthorized, headers };
}

const ok = (data: unknown) => () => Promise.resolve(jsonResponse(200, { code: 0, msg: 'ok', data }));
const credentials = { account: 'a@b.co', password: 'x' };

describe('the request client', () => {
  describe('headers', () => {
    it('sends think-lang en-US when no language is stored', async () => {
      const { sut, headers } = setup(ok(null));
      await sut.call(routes.getHealth);
      expect(headers().get('think-lang')).toBe('en-US');
    });

    it('sends the stored language in think-lang', async () => {
      const { sut, headers } = setup(ok(null), { language: 'ar' });
      await sut.call(routes.getHealth);
      expect(headers().get('think-lang')).toBe('ar');
    });

    it('sends Authorization with the stored token', async () => {
      const { sut, headers } = setup(ok(null), { token: 'tok-123' });
      await sut.call(routes.getUserInfo);
      expect(headers().get('Authorization')).toBe('tok-123');
    });

    it('sends no Authorization header without a token', async () => {
      const { sut, headers } = setup(ok(null));
      await sut.call(routes.getUserInfo);
      expect(headers().has('Authorization')).toBe(false);
    });

    it('prefixes the base URL and sends a JSON body only when there is one', async () => {
      const { sut, calls } = setup(ok(null));
      await sut.call(routes.login, { body: credentials });
      await sut.call(routes.logout);
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
      sut.prefetch(urlOf(routes.getMarket, { params: { symbol: 'BTCUSDT' } }));
      expect(calls).toHaveLength(1);
      expect(headers().get('Authorization')).toBe('tok-1');
      expect(headers().get('think-lang')).toBe('ar');

      await expect(sut.call(routes.getMarket, { params: { symbol: 'BTCUSDT' } })).resolves.toEqual({
        served: 1,
      });
      expect(calls).toHaveLength(1);
      // Taken once: the next read asks again, and so does a read of another path.
      await expect(sut.call(routes.getMarket, { params: { symbol: 'BTCUSDT' } })).resolves.toEqual({
        served: 2,
      });
      await sut.call(routes.getMarket, { params: { symbol: 'ETHUSDT' } });
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
        sut.prefetch(urlOf(routes.getMarket, { params: { symbol: 'BTCUSDT' } }));
        await vi.advanceTimersByTimeAsync(10_001);
        await expect(sut.call(routes.getMarket, { params: { symbol: 'BTCUSDT' } })).resolves.toEqual({
          served: 2,
        });
        expect(calls).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it('reports a prefetch that failed as the network error of the request that takes it', async () => {
      const { sut, notices } = setup(() => Promise.reject(new TypeError('offline')));
      sut.prefetch(urlOf(routes.getMarket, { params: { symbol: 'BTCUSDT' } }));
      await expect(sut.call(routes.getMarket, { params: { symbol: 'BTCUSDT' } })).rejects.toMatchObject({
        kind: 'network',
      });
      expect(notices).toEqual([{ tone: 'negative', message: 't:network' }]);
    });
  });

  it('unwraps the envelope and hands on data when code is 0', async () => {
    const { sut, notices } = setup(ok({ resendAfter: 60 }));
    await expect(
      sut.call(routes.sendCode, { body: { account: 'a@b.co', purpose: 'register' } }),
    ).resolves.toEqual({ resendAfter: 60 });
    expect(notices).toEqual([]);
  });

  it('checks the answer when it is given a check, by the endpoint it came from', async () => {
    const check = vi.fn((_operationId: string, value: unknown) => ({ checked: value }));
    const { sut } = setup(ok(7), {}, { check });
    await expect(sut.call(routes.getHealth)).resolves.toEqual({ checked: 7 });
    expect(check).toHaveBeenCalledWith('getHealth', 7);
  });

  it('waits for a check that answers later and treats its rejection as a network failure', async () => {
    const later = async (_operationId: string, value: unknown) => ({ checked: value });
    await expect(setup(ok(7), {}, { check: later }).sut.call(routes.getHealth)).resolves.toEqual({
      checked: 7,
    });
    const refusing = (): Promise<never> => Promise.reject(new Error('wrong shape'));
    const { sut, notices } = setup(ok(7), {}, { check: refusing });
    await expect(sut.call(routes.getHealth)).rejects.toMatchObject({ kind: 'network', code: 0 });
    expect(notices).toEqual([{ tone: 'negative', message: 't:network' }]);
  });

  it('shows the server message in a negative notice and rejects when code is not 0', async () => {
    const { sut, notices } = setup(() =>
      Promise.resolve(jsonResponse(200, { code: 2004, msg: 'Code wrong', data: null })),
    );
    const error = await sut.call(routes.login, { body: credentials }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 2004, message: 'Code wrong' });
    expect(notices).toEqual([{ tone: 'negative', message: 'Code wrong' }]);
  });

  it.each([400, 404, 409, 429])('prefers the translated envelope message on HTTP %i', async (status) => {
    const { sut, notices } = setup(() =>
      Promise.resolve(jsonResponse(status, { code: 2001, msg: 'Wrong password', data: null })),
    );
    await expect(sut.call(routes.login, { body: credentials })).rejects.toMatchObject({
      kind: 'business',
      status,
    });
    expect(notices).toEqual([{ tone: 'negative', message: 'Wrong password' }]);
  });

  it('shows "system busy" on HTTP 500, whatever the body says', async () => {
    const { sut, notices, onUnauthorized } = setup(() =>
      Promise.resolve(jsonResponse(500, { code: 1500, msg: 'boom', data: null })),
    );
    await expect(sut.call(routes.getUserInfo)).rejects.toMatchObject({ kind: 'server', status: 500 });
    expect(notices).toEqual([{ tone: 'negative', message: 't:systemBusy' }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on HTTP 401 ends the session and says so in its own words', async () => {
    const { sut, notices, onUnauthorized } = setup(
      () => Promise.resolve(jsonResponse(401, { code: 1001, msg: 'Unauthorized', data: null })),
      { token: 'expired' },
    );
    await expect(sut.call(routes.getUserInfo)).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(notices).toEqual([{ tone: 'negative', message: 't:unauthorized' }]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("on HTTP 401 shows the server's message when told to, and its own when the server sent none", async () => {
    const wrongPassword = () =>
      Promise.resolve(jsonResponse(401, { code: 3002, msg: 'Wrong password', data: null }));
    const worded = setup(wrongPassword, {}, { serverWordsUnauthorized: true });
    await expect(
      worded.sut.call(routes.adminLogin, { body: { email: 'a@b.co', password: 'x' } }),
    ).rejects.toMatchObject({
      kind: 'unauthorized',
      code: 3002,
    });
    expect(worded.notices).toEqual([{ tone: 'negative', message: 'Wrong password' }]);
    const silent = setup(
      () => Promise.resolve(jsonResponse(401, { code: 1001, msg: '', data: null })),
      {},
      {
        serverWordsUnauthorized: true,
      },
    );
    await expect(silent.sut.call(routes.getAdminMe)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(silent.notices).toEqual([{ tone: 'negative', message: 't:unauthorized' }]);
  });

  it.each([403, 502, 503])(
    'shows "network connection errors" on HTTP %i without an envelope',
    async (status) => {
      const { sut, notices } = setup(() =>
        Promise.resolve(new Response('<html>Bad gateway</html>', { status })),
      );
      await expect(sut.call(routes.getHealth)).rejects.toMatchObject({ kind: 'network', status });
      expect(notices).toEqual([{ tone: 'negative', message: 't:network' }]);
    },
  );

  it('shows "network connection errors" when a 2xx answer is not JSON', async () => {
    const { sut, notices } = setup(() => Promise.resolve(new Response('<!doctype html>', { status: 200 })));
    await expect(sut.call(routes.getHealth)).rejects.toMatchObject({ kind: 'network' });
    expect(notices).toEqual([{ tone: 'negative', message: 't:network' }]);
  });

  it('shows "network connection errors" when the request never reaches the server', async () => {
    const { sut, notices, onUnauthorized } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sut.call(routes.getHealth)).rejects.toMatchObject({ kind: 'network', status: null });
    expect(notices).toEqual([{ tone: 'negative', message: 't:network' }]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up on a call that does not answer in time and reports a network error', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const { sut, notices } = setup(hang, {}, { timeoutMs: 20 });
    await expect(sut.call(routes.getHealth)).rejects.toMatchObject({ kind: 'network' });
    expect(notices).toEqual([{ tone: 'negative', message: 't:network' }]);
  });

  it('stays silent for a quiet call but still rejects', async () => {
    const { sut, notices } = setup(() => Promise.reject(new TypeError('offline')));
    await expect(sut.call(routes.logout, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([]);
  });
});

describe('the URL of a call', () => {
  it('fills in the path parameters, URL-encoded', () => {
    expect(urlOf(routes.getMarket, { params: { symbol: 'BTC/USDT' } })).toBe('/api/markets/BTC%2FUSDT');
  });

  it('adds the query, leaving out the empty values', () => {
    expect(urlOf(routes.listAccountRecords, { query: { type: undefined, asset: '', limit: 20 } })).toBe(
      '/api/wallet/records?limit=20',
    );
    expect(urlOf(routes.listAccountRecords, { query: {} })).toBe('/api/wallet/records');
  });
});

describe('what a call sends', () => {
  it('sends the Idempotency-Key it is given', async () => {
    const { sut, headers } = setup(ok(null), { token: 't' });
    await sut.call(
      routes.transferFunds,
      { body: { asset: 'USDT', from: 'spot', to: 'futures', amount: '1' } },
      {
        idempotencyKey: 'key-1',
      },
    );
    expect(headers().get('Idempotency-Key')).toBe('key-1');
  });

  it("sends an endpoint's own headers beside the token and the language", async () => {
    const { sut, headers } = setup(ok(null), { token: 't' });
    await sut.call(
      routes.getSwapOrder,
      { params: { id: '0123456789ABCDEF' } },
      { headers: { 'x-swap-secret': 'secret-1' } },
    );
    expect(headers().get('x-swap-secret')).toBe('secret-1');
    expect(headers().get('Authorization')).toBe('t');
  });

  it('sends an upload as multipart, letting the browser write its boundary', async () => {
    const { sut, calls, headers } = setup(ok({ id: 1 }));
    const form = new FormData();
    form.set('purpose', 'avatar');
    await sut.call(routes.uploadImage, { form });
    expect(calls[0]?.init.body).toBe(form);
    expect(headers().has('Content-Type')).toBe(false);
  });

  it('answers an image endpoint with the image itself', async () => {
    const { sut } = setup(() => Promise.resolve(new Response(new Uint8Array([1, 2, 3]), { status: 200 })));
    const image = await sut.call(routes.getUpload, { params: { id: 'abc' } });
    expect(image).toBeInstanceOf(Blob);
    expect(image.size).toBe(3);
  });
});
