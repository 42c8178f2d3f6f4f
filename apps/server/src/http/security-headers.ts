import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A year, as HSTS preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries, API and pages alike. Registered at the root before any route: a hook added
 * inside an encapsulated plugin would reach only that plugin's own routes.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
    const https = options.publicUrl?.startsWith('https://') ?? false;
    app.addHook('onSend', async (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('X-Frame-Options', 'DENY');
      // Only where the deployment says it is served over TLS: over plain HTTP the header would be ignored anyway,
      // and a wrong one would lock browsers out of a host that has no certificate.
      if (https) reply.header('Strict-Transport-Security', HSTS);
      // API answers hold tokens, balances and personal data: no browser or proxy may keep them. An answer that
      // chose its own caching (an upload's image) keeps it.
      if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) {
        reply.header('Cache-Control', 'no-store');
      }
    });
  },
);
