import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminDistBeside } from './admin-app';

const USER_INDEX = '<!doctype html><title>Kestrel</title>';
const ADMIN_INDEX =
  '<!doctype html><title>Kestrel Admin</title><script src="/admin/assets/admin.js"></script>';
const ADMIN_JS = 'document.title = "Kestrel Admin";';

/** Both apps built as the workspace builds them: apps/web/dist and apps/admin/dist side by side. */
function writeBuilds(root: string) {
  const webDist = path.join(root, 'web', 'dist');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), USER_INDEX);
  const adminDist = adminDistBeside(webDist);
  mkdirSync(path.join(adminDist, 'assets'), { recursive: true });
  writeFileSync(path.join(adminDist, 'index.html'), ADMIN_INDEX);
  writeFileSync(path.join(adminDist, 'assets', 'admin.js'), ADMIN_JS);
  return webDist;
}

let folder: string;
let sut: TestApp;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'kestrel-admin-'));
  sut = await createTestApp({ webDist: writeBuilds(folder) });
});
afterAll(async () => {
  await sut?.close();
  rmSync(folder, { recursive: true, force: true });
});

function get(url: string) {
  return sut.app.inject({ method: 'GET', url });
}

describe('the back office app', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/users/42', '/admin/audit?page=2'])(
    'answers %s with the console, not the user app, under the strict policy',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(ADMIN_INDEX);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('serves its hashed assets with a long immutable cache', async () => {
    const response = await get('/admin/assets/admin.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(ADMIN_JS);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing console file with a 404 envelope rather than the console', async () => {
    const response = await get('/admin/assets/gone-1234.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 1004, msg: 'Not found', data: null });
  });

  it('leaves the user app its own routes', async () => {
    for (const url of ['/', '/user/login', '/administrator']) {
      const response = await get(url);
      expect(response.body, url).toBe(USER_INDEX);
    }
  });

  it('keeps an unknown admin API path a JSON 404 envelope', async () => {
    const response = await get('/api/admin/nope');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});

describe('a server without a built back office', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers /admin pages with a 404 envelope', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/admin/users' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 1004 });
  });
});
