import { once } from 'node:events';
import { catalogues } from '@kestrel/i18n/all';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/test-app';

let sut: TestApp;
let baseUrl: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  sut = await createTestApp();
  const address = await sut.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address.replace(/^http/, 'ws');
});
afterEach(async () => {
  await Promise.all(
    sockets.splice(0).map(async (socket) => {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = once(socket, 'close');
      socket.close();
      await closed;
    }),
  );
});
afterAll(async () => {
  await sut?.close();
});

async function connect(path = '/ws') {
  const socket = new WebSocket(`${baseUrl}${path}`);
  sockets.push(socket);
  await once(socket, 'open');
  return {
    /** Sends one frame and resolves with the next message from the server, parsed. */
    async exchange(frame: string): Promise<unknown> {
      const reply = once(socket, 'message');
      socket.send(frame);
      const [data] = await reply;
      return JSON.parse(String(data));
    },
  };
}

describe('the /ws endpoint', () => {
  it('answers a ping with a pong that carries the server time', async () => {
    const client = await connect();
    const answer = await client.exchange(JSON.stringify({ op: 'ping' }));
    expect(answer).toEqual({ op: 'pong', time: expect.any(Number) });
    expect(Number.isInteger((answer as { time: number }).time)).toBe(true);
  });

  it('answers a frame that is not JSON with an error in the language of ?lang', async () => {
    const client = await connect('/ws?lang=de');
    expect(await client.exchange('garbage{')).toEqual({
      op: 'error',
      msg: catalogues.de.validation.parameterError,
    });
  });

  it('answers an unknown operation with an error in English by default', async () => {
    const client = await connect();
    expect(await client.exchange(JSON.stringify({ op: 'launch' }))).toEqual({
      op: 'error',
      msg: catalogues['en-US'].validation.parameterError,
    });
  });

  it('keeps the connection open after a malformed frame', async () => {
    const client = await connect('/ws?lang=de');
    await client.exchange('garbage{');
    expect(await client.exchange(JSON.stringify({ op: 'ping' }))).toMatchObject({ op: 'pong' });
  });
});
