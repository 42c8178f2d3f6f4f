import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@kestrel/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The token lives in localStorage (the spec's choice), so script injection would be account takeover: the
 * app's pages get a strict policy that allows only our own scripts.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Serves the built user app at `/`, with index.html for every client-side route. */
export async function webApp(app: FastifyInstance, options: { webDist: string }) {
  const hasWebApp = existsSync(path.join(options.webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      setHeaders(response, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ webDist: options.webDist }, 'the user app is not built: only the API is served');
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/ws');
    if (hasWebApp && isPage) {
      return reply
        .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ERRORS.notFound.code, msg: request.t('errors.notFound'), data: null });
  });
}
