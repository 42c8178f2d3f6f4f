import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@kestrel/contract';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy, HASHED_ASSET_CACHE } from './web-app';

/**
 * Where the built back office is: beside the user app (apps/web/dist → apps/admin/dist), so that a deployment
 * that moves one with WEB_DIST keeps the two together.
 */
export function adminDistBeside(webDist: string): string {
  return path.resolve(webDist, '..', '..', 'admin', 'dist');
}

/**
 * Serves the built back office under the prefix it is registered with (`/admin`), with index.html for every
 * client-side route. The admin token also lives in localStorage, so it gets the user app's strict policy.
 */
export async function adminApp(app: FastifyInstance, options: { adminDist: string; publicUrl?: string }) {
  const { adminDist } = options;
  const policy = contentSecurityPolicy(options.publicUrl);
  const hasAdminApp = existsSync(path.join(adminDist, 'index.html'));
  if (!hasAdminApp) {
    app.log.warn({ adminDist }, 'the back office is not built: /admin is not served');
  } else {
    await app.register(fastifyStatic, {
      root: adminDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(response, filePath) {
        const isHashedAsset = path.relative(adminDist, filePath).startsWith(`assets${path.sep}`);
        response.setHeader('Cache-Control', isHashedAsset ? HASHED_ASSET_CACHE : 'no-cache');
        if (filePath.endsWith('.html')) {
          response.setHeader('Content-Security-Policy', policy);
        }
      },
    });
    // `/admin` and `/admin/` themselves: the console's router takes it from there.
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A console route has no file extension; a missing file (/admin/assets/old.js) stays a 404.
    const isPage = request.method === 'GET' && !/\.[a-z0-9]+$/i.test(pathname);
    if (hasAdminApp && isPage) {
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: ERRORS.notFound.code, msg: request.t('errors.notFound'), data: null });
  });
}
