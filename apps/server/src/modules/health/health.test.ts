import { catalogues } from '@kestrel/i18n/all';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PostgresLeadership } from '../../cluster/postgres-leadership';
import { installErrorHandler } from '../../http/error-handler';
import { requestLanguage } from '../../http/request-language';
import { healthRoutes } from './health.routes';
import { Readiness } from './readiness';

let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp({ env: { NODE_NAME: 'node-health' } });
});
afterAll(async () => {
  await sut?.close();
});

const get = (url: string, lang = 'de') =>
  sut.app.inject({ method: 'GET', url, headers: { 'think-lang': lang } });

describe('the health check', () => {
  it('names the node that answered', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ node: 'node-health', leads: expect.any(Array) });
  });

  it('lists the markets and jobs the node leads, each with its epoch', async () => {
    const leadership = new PostgresLeadership({ db: sut.database.db, nodeId: 'node-leading', alone: true });
    leadership.contend('job:health-check', { gained: async () => {}, lost: async () => {} });
    await leadership.start();
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(requestLanguage);
    installErrorHandler(app);
    await app.register(healthRoutes, {
      prefix: '/api',
      database: sut.database,
      version: '1.0.0',
      leadership,
      readiness: new Readiness(sut.database, undefined),
    });

    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json().data).toMatchObject({
      node: 'node-leading',
      leads: [{ name: 'job:health-check', epoch: '1' }],
    });
    await leadership.stop();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().data.leads).toEqual([]);
    await app.close();
  });
});

describe('the readiness answer', () => {
  it('is ready while the database answers', async () => {
    const response = await get('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, data: { status: 'ready' } });
  });

  it('answers a translated 503 while the database does not answer, and is ready again once it does', async () => {
    const ping = sut.database.ping;
    sut.database.ping = async () => {
      throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    };
    try {
      const response = await get('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 1504,
        msg: catalogues.de.errors.serviceUnavailable,
        data: null,
      });
    } finally {
      sut.database.ping = ping;
    }
    expect((await get('/api/ready')).statusCode).toBe(200);
  });

  it('is not ready while Redis, when the node has it, is not connected or does not answer', async () => {
    const redis = (status: string, ping: () => Promise<string>) => ({ status, ping }) as unknown as Redis;
    const answering = async () => 'PONG';
    expect(await new Readiness(sut.database, redis('ready', answering)).ready()).toBe(true);
    expect(await new Readiness(sut.database, redis('reconnecting', answering)).ready()).toBe(false);
    const silent = async () => {
      throw new Error('Connection is closed.');
    };
    expect(await new Readiness(sut.database, redis('ready', silent)).ready()).toBe(false);
  });

  it('answers 503 once the node drains, while it still serves every other request', async () => {
    sut.app.readiness.drain();
    const response = await get('/api/ready', 'fr');
    expect(response.statusCode).toBe(503);
    expect(response.json().msg).toBe(catalogues.fr.errors.serviceUnavailable);
    expect((await get('/api/health')).statusCode).toBe(200);
  });
});
