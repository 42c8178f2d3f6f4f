import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import type { Config } from '../config';
import { AppError } from '../http/app-error';

function digest(text: string) {
  return createHash('sha256').update(text).digest();
}

/**
 * Serves the metrics where the settings say (decision 0044): on a listener of their own, opened with the app (so
 * that a port already taken stops the start instead of going unnoticed), and/or on the public port behind the
 * token; neither set, nowhere.
 */
export function serveMetrics(app: FastifyInstance, registry: Registry, settings: Config['metrics']) {
  const { port, host, token } = settings;
  // The process's own figures (CPU, memory, event-loop lag, collections) beside the app's, where they are read.
  if (token || port) collectDefaultMetrics({ register: registry, prefix: 'kestrel_' });
  if (token) metricsRoute(app, registry, token);
  if (port) {
    let listener: Server | undefined;
    app.addHook('onReady', async () => {
      listener = await listenForMetrics(registry, { port, host });
    });
    app.addHook('onClose', async () => listener?.close());
  }
}

/**
 * `GET /metrics` on the public port, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; anyone
 * else is refused as unauthorized. Compared in constant time, on digests so that lengths do not differ.
 */
function metricsRoute(app: FastifyInstance, registry: Registry, token: string) {
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) throw new AppError('unauthorized');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * A listener of its own for the metrics (`METRICS_PORT`, on `METRICS_HOST`, the loopback unless set): only
 * `GET /metrics`, nothing of the public API, so it can stay on a private address without a token.
 */
export async function listenForMetrics(
  registry: Registry,
  address: { port: number; host: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
