import { catalogues } from '@kestrel/i18n/all';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(async () => {
  await sut?.close();
});

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

async function openApiDocument(): Promise<OpenAPIV3.Document> {
  const response = await sut.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function operationsOf(document: OpenAPIV3.Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}

/** The body is exactly the envelope: a numeric code, a message and the data, nothing else. */
function expectEnvelope(body: unknown) {
  expect(Object.keys(body as object).sort()).toEqual(['code', 'data', 'msg']);
  expect(body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
}

describe('the OpenAPI document', () => {
  it('gives every operation a unique operationId', async () => {
    const operations = operationsOf(await openApiDocument());
    expect(operations.length).toBeGreaterThan(0);
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toEqual(expect.stringMatching(/^[a-z][A-Za-z]+$/));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('publishes the accounts and health operations with their methods', async () => {
    const operations = operationsOf(await openApiDocument());
    const published = operations.map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(published).toEqual(
      expect.arrayContaining([
        'POST /api/auth/code',
        'POST /api/auth/register',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/reset',
        'GET /api/user/info',
        'GET /api/health',
      ]),
    );
  });

  it('documents every success answer as the {code, msg, data} envelope', async () => {
    for (const { path, method, operation } of operationsOf(await openApiDocument())) {
      const success = operation.responses['200'] as OpenAPIV3.ResponseObject | undefined;
      // A download (an uploaded image) answers with its bytes, documented under their own media types.
      if (success?.content && !success.content['application/json']) continue;
      const schema = success?.content?.['application/json']?.schema as OpenAPIV3.SchemaObject | undefined;
      expect(Object.keys(schema?.properties ?? {}).sort(), `${method} ${path}`).toEqual([
        'code',
        'data',
        'msg',
      ]);
    }
  });
});

describe('the API reference', () => {
  it('answers /api/docs with an HTML page', async () => {
    let url = '/api/docs';
    let response = await sut.app.inject({ method: 'GET', url });
    for (let redirects = 0; response.statusCode >= 300 && response.statusCode < 400; redirects++) {
      expect(redirects).toBeLessThan(5);
      url = new URL(String(response.headers.location), `http://localhost${url}`).pathname;
      response = await sut.app.inject({ method: 'GET', url });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});

describe('failures outside the operations', () => {
  it('answers an unknown /api path with a translated 404 envelope', async () => {
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'think-lang': 'de' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectEnvelope(response.json());
    expect(response.json()).toEqual({ code: 1004, msg: catalogues.de.errors.notFound, data: null });

    const posted = await sut.app.inject({ method: 'POST', url: '/api/auth/nope', payload: {} });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual({ code: 1004, msg: 'Not found', data: null });
  });

  it('answers a malformed JSON body with a translated 400 envelope', async () => {
    const response = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'think-lang': 'de' },
      payload: '{"account": "a@example.com", ',
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response.json());
    expect(response.json()).toEqual({
      code: 1000,
      msg: catalogues.de.validation.parameterError,
      data: null,
    });
  });
});

describe('the health check', () => {
  it('reports the database in use and the release', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expectEnvelope(response.json());
    expect(response.json()).toMatchObject({
      code: 0,
      data: {
        status: 'ok',
        db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      },
    });
  });
});
