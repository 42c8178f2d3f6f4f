import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers every answer carries, API and pages alike. Registered at the root before any route: a hook added
 * inside an encapsulated plugin would reach only that plugin's own routes.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
  });
});
