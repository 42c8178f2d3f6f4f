import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const INDEX_HTML = '<!doctype html><html><head><script src="/assets/app.js"></script></head></html>';
const APP_JS = 'document.title = "Kestrel";';
const LONG_IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built user app as Vite leaves it: index.html and hashed files under assets/. */
function writeWebDist(root: string) {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(root, 'assets', 'app.js'), APP_JS);
  return root;
}

let folder: string;
let sut: TestApp;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'kestrel-web-'));
  sut = await createTestApp({ webDist: writeWebDist(path.join(folder, 'dist')) });
});
afterAll(async () => {
  await sut?.close();
  rmSync(folder, { recursive: true, force: true });
});

function get(url: string) {
  return sut.app.inject({ method: 'GET', url });
}

describe('the user app', () => {
  it.each(['/', '/user/login', '/index.html'])(
    'answers %s with index.html under a strict policy',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('makes browsers revalidate index.html, so that a new release is picked up', async () => {
    for (const url of ['/', '/user/login', '/index.html']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the hashed assets with a long immutable cache', async () => {
    const response = await get('/assets/app.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(APP_JS);
    expect(response.headers['cache-control']).toBe(LONG_IMMUTABLE);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing file with 404 rather than the app', async () => {
    const response = await get('/assets/gone-1234.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 1004 });
  });

  it('keeps an unknown /api path a JSON 404 envelope', async () => {
    const response = await get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 1004, msg: 'Not found', data: null });
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('sends the same protective headers on API answers', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('a user app built into a folder under a path named assets', () => {
  let nested: TestApp;
  let nestedFolder: string;

  beforeAll(async () => {
    nestedFolder = mkdtempSync(path.join(tmpdir(), 'kestrel-web-'));
    nested = await createTestApp({ webDist: writeWebDist(path.join(nestedFolder, 'assets', 'dist')) });
  });
  afterAll(async () => {
    await nested?.close();
    rmSync(nestedFolder, { recursive: true, force: true });
  });

  it('still caches only the files of its own assets folder for long', async () => {
    const page = await nested.app.inject({ method: 'GET', url: '/index.html' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = await nested.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.headers['cache-control']).toBe(LONG_IMMUTABLE);
  });
});
