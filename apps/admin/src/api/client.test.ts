import { ApiError } from '@kestrel/client';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, query } from './client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(response: Response | Error, token = 'adm_token') {
  const fetch = vi.fn(async (_input: string, _init: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  const notify = vi.fn();
  const onUnauthorized = vi.fn();
  const sut = createApiClient({
    fetch,
    getToken: () => token,
    getLanguage: () => 'ar',
    notify,
    translate: (key) => `t:${key}`,
    onUnauthorized,
  });
  return { sut, fetch, notify, onUnauthorized };
}

describe('the admin request client', () => {
  it('sends the admin token, the console language and JSON to the admin API', async () => {
    const { sut, fetch } = setup(json(200, { code: 0, msg: 'ok', data: { id: 1 } }));
    await sut.post('/users/1/freeze', { reason: 'fraud' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/users/1/freeze');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      Authorization: 'adm_token',
      'think-lang': 'ar',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe(JSON.stringify({ reason: 'fraud' }));
  });

  it('sends no Authorization header before sign-in', async () => {
    const { sut, fetch } = setup(json(200, { code: 0, msg: 'ok', data: null }), '');
    await sut.get('/me');
    expect(fetch.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
  });

  it('unwraps the data of a successful envelope', async () => {
    const { sut, notify } = setup(json(200, { code: 0, msg: 'ok', data: { items: [], total: 0 } }));
    await expect(sut.get('/users')).resolves.toEqual({ items: [], total: 0 });
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the server message when the code is not 0', async () => {
    const { sut, notify } = setup(json(400, { code: 1000, msg: 'Reason is required', data: null }));
    const failure = await sut.post('/users/1/freeze', { reason: '' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'business', code: 1000, message: 'Reason is required' });
    expect(notify).toHaveBeenCalledWith({ tone: 'negative', message: 'Reason is required' });
  });

  it('ends the admin session on 401 and sends the admin to the login', async () => {
    const { sut, onUnauthorized, notify } = setup(json(401, { code: 1001, msg: '', data: null }));
    await expect(sut.get('/me')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith({ tone: 'negative', message: 't:admin.notice.unauthorized' });
  });

  it('says the system is busy on a server error', async () => {
    const { sut, notify } = setup(json(500, { code: 1500, msg: 'boom', data: null }));
    await expect(sut.get('/users')).rejects.toMatchObject({ kind: 'server' });
    expect(notify).toHaveBeenCalledWith({ tone: 'negative', message: 't:admin.notice.systemBusy' });
  });

  it('reports a network failure when there is no answer or no envelope', async () => {
    const offline = setup(new TypeError('Failed to fetch'));
    await expect(offline.sut.get('/users')).rejects.toMatchObject({ kind: 'network' });
    const garbled = setup(new Response('<html>', { status: 200 }));
    await expect(garbled.sut.get('/users')).rejects.toMatchObject({ kind: 'network' });
    expect(garbled.notify).toHaveBeenCalledWith({ tone: 'negative', message: 't:admin.notice.network' });
  });

  it('stays quiet when the screen handles the failure itself', async () => {
    const { sut, notify } = setup(json(400, { code: 3001, msg: 'Code required', data: null }));
    await expect(sut.post('/auth/login', {}, { quiet: true })).rejects.toMatchObject({ code: 3001 });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('query strings', () => {
  it('leaves out empty values', () => {
    expect(query({ q: '', page: 2, adminId: undefined })).toBe('?page=2');
    expect(query({ q: '' })).toBe('');
  });
});
