import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@kestrel/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The token lives in localStorage (the spec's choice), so script injection would be account takeover: the
 * app's pages get a strict policy that allows only our own scripts, and lets the page talk to its own origin only:
 * `'self'` covers the same-origin WebSocket in current browsers, and with PUBLIC_URL its `ws(s)://` origin is named
 * too, so injected code could not send anything to another host over a WebSocket either.
 */
export function contentSecurityPolicy(publicUrl: string | undefined): string {
  const socketOrigin = publicUrl ? new URL(publicUrl).origin.replace(/^http/, 'ws') : undefined;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    socketOrigin ? `connect-src 'self' ${socketOrigin}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Vite puts a content hash in every file name under assets/, so a file there never changes. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Serves the built user app at `/`, with index.html for every client-side route. */
export async function webApp(app: FastifyInstance, options: { webDist: string; publicUrl?: string }) {
  const policy = contentSecurityPolicy(options.publicUrl);
  const hasWebApp = existsSync(path.join(options.webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts); sent when accepted.
      preCompressed: true,
      // Off, or `send` replaces the Cache-Control set below with its own `max-age=0`.
      cacheControl: false,
      setHeaders(response, filePath) {
        // Relative to the app, so that a deploy folder under some other "assets" does not match.
        const isHashedAsset = path.relative(options.webDist, filePath).startsWith(`assets${path.sep}`);
        response.setHeader('Cache-Control', isHashedAsset ? HASHED_ASSET_CACHE : 'no-cache');
        if (filePath.endsWith('.html')) {
          response.setHeader('Content-Security-Policy', policy);
        }
      },
    });
  } else {
    app.log.warn({ webDist: options.webDist }, 'the user app is not built: only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A client-side route has no file extension; a missing file (/assets/old.js) stays a 404.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/ws') &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (hasWebApp && isPage) {
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ERRORS.notFound.code, msg: request.t('errors.notFound'), data: null });
  });
}
