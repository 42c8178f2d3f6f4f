import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contentSecurityPolicy } from '../web/web-app';
import { securityHeaders } from './security-headers';

/** The directives of a Content-Security-Policy header by name. */
function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('behind an https PUBLIC_URL', () => {
  let folder: string;
  let sut: TestApp;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'kestrel-headers-'));
    writeFileSync(path.join(folder, 'index.html'), '<!doctype html><html></html>');
    mkdirSync(path.join(folder, 'assets'));
    sut = await createTestApp({ webDist: folder, env: { PUBLIC_URL: 'https://kestrel.example' } });
  });
  afterAll(async () => {
    await sut?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('tells browsers to come back over https only, on pages and API answers alike', async () => {
    for (const url of ['/', '/api/health', '/api/docs/']) {
      const response = await sut.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('forbids storing private answers: the session a login returns, the profile, a failure', async () => {
    const { token } = await registerAccount(sut, 'headers@example.com');
    const login = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: 'headers@example.com', password: 'secret123' },
    });
    const info = await sut.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { authorization: token },
    });
    const refused = await sut.app.inject({ method: 'GET', url: '/api/user/info' });

    expect(login.json().data.token).toBeTruthy();
    for (const response of [login, info, refused]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await callApi(sut, 'GET', '/api/user/info', { token })).body.code).toBe(0);
  });

  it("lets the app's pages connect to their own origin and its WebSocket only", async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/user/login' });
    expect(directives(response.headers['content-security-policy']).get('connect-src')).toBe(
      "'self' wss://kestrel.example",
    );
  });

  it('gives the API reference a policy of its own: its own scripts only, no frames, nothing remote', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(String(response.headers['content-security-policy'])).not.toMatch(/https:|unsafe-eval|\*/);
  });
});

describe('without https', () => {
  it.each([undefined, 'http://kestrel.local:8080'])(
    'sends no HSTS when PUBLIC_URL is %s',
    async (publicUrl) => {
      const sut = Fastify();
      await sut.register(securityHeaders, { publicUrl });
      sut.get('/api/ping', async () => ({ code: 0 }));
      const response = await sut.inject({ method: 'GET', url: '/api/ping' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      await sut.close();
    },
  );

  it("names the plain ws:// origin of an http PUBLIC_URL, and only 'self' without one", () => {
    expect(directives(contentSecurityPolicy('http://kestrel.local:8080')).get('connect-src')).toBe(
      "'self' ws://kestrel.local:8080",
    );
    expect(directives(contentSecurityPolicy(undefined)).get('connect-src')).toBe("'self'");
  });
});
