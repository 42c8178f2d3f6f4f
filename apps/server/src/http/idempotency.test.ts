import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AppError } from './app-error';
import { Idempotency } from './idempotency';
import { IdempotencyRepository } from './idempotency.repository';

let sut: TestApp;
let userId: number;

beforeAll(async () => {
  sut = await createTestApp();
  userId = (await registerAccount(sut, 'keys@example.com')).user.id;
});
afterAll(async () => {
  await sut?.close();
});

/** A request as Fastify hands it to a route: the key header, the signed-in user and the body. */
function request(key: string, body: unknown) {
  return {
    headers: { 'idempotency-key': key },
    user: { id: userId },
    method: 'POST',
    routeOptions: { url: '/api/wallet/transfer' },
    body,
    t: (message: string) => message,
  } as unknown as FastifyRequest;
}
const reply = { status: () => reply } as unknown as FastifyReply;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a retry while the first request with its key still holds it', () => {
  it('is told the request is in progress (not a conflict), then gets the first answer once it exists', async () => {
    const idempotency = new Idempotency(new IdempotencyRepository(sut.database.db), 50);
    const body = { from: 'spot', to: 'futures', asset: 'USDT', amount: '1' };
    let runs = 0;
    const first = idempotency.run(request('held', body), reply, async () => {
      runs += 1;
      await pause(400);
      return { code: 0, msg: 'moved', data: null };
    });
    await pause(20);

    const early = await idempotency
      .run(request('held', body), reply, async () => ({ code: 0, msg: 'twice', data: null }))
      .catch((error: unknown) => error);
    expect((early as AppError).reason).toBe('idempotencyInProgress');
    const otherBody = await idempotency
      .run(request('held', { ...body, amount: '2' }), reply, async () => ({ code: 0, msg: 'x', data: null }))
      .catch((error: unknown) => error);
    expect((otherBody as AppError).reason).toBe('idempotencyConflict');

    expect(await first).toEqual({ code: 0, msg: 'moved', data: null });
    const late = await idempotency.run(request('held', body), reply, async () => ({
      code: 0,
      msg: 'twice',
      data: null,
    }));
    expect(late).toEqual({ code: 0, msg: 'moved', data: null });
    expect(runs).toBe(1);
  });
});

describe("the server's failures", () => {
  it('free the key, so that a retry runs again, while a refusal of the request is replayed', async () => {
    const idempotency = new Idempotency(new IdempotencyRepository(sut.database.db), 50);
    const body = { from: 'spot', to: 'futures', asset: 'USDT', amount: '3' };
    const attempt = (key: string, error: AppError | undefined) =>
      idempotency
        .run(request(key, body), reply, async () => {
          if (error) throw error;
          return { code: 0, msg: 'moved', data: null };
        })
        .catch((caught: unknown) => caught);

    const unavailable = await attempt('changing-hands', new AppError('marketUnavailable'));
    expect((unavailable as AppError).reason).toBe('marketUnavailable');
    expect(await attempt('changing-hands', undefined)).toEqual({ code: 0, msg: 'moved', data: null });

    const refused = await attempt('refused', new AppError('insufficientBalance'));
    expect((refused as AppError).reason).toBe('insufficientBalance');
    const replayed = await attempt('refused', undefined);
    expect(replayed).toMatchObject({ code: new AppError('insufficientBalance').code, data: null });
  });
});
