import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { installErrorHandler } from './http/error-handler';
import { requestLanguage } from './http/request-language';
import { securityHeaders } from './http/security-headers';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { AuthRateLimits, DEFAULT_RATE_LIMITS, type RateLimitOptions } from './modules/auth/rate-limits';
import { healthRoutes } from './modules/health/health.routes';
import { Notifier } from './modules/notifications/notifier';
import { OutboxRepository } from './modules/notifications/outbox.repository';
import { smtpSender } from './modules/notifications/senders';
import { userRoutes } from './modules/users/users.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { VERSION } from './version';
import { webApp } from './web/web-app';

export type AppOptions = {
  config: Config;
  database: Database;
  rateLimits?: RateLimitOptions;
  logger?: FastifyServerOptions['logger'];
};

/** Wires the modules together; `main.ts` listens, tests call `inject` or listen on a free port. */
export async function buildApp({ config, database, rateLimits = DEFAULT_RATE_LIMITS, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestLanguage);
  await app.register(securityHeaders);
  installErrorHandler(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kestrel API', version: VERSION },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const notifier = new Notifier(
    new OutboxRepository(database.db),
    { email: config.smtpUrl ? smtpSender(config.smtpUrl, config.smtpFrom) : undefined },
    app.log,
  );
  const auth = new AuthService(new AuthRepository(database.db), notifier, new AuthRateLimits(rateLimits));

  await app.register(healthRoutes, { prefix: '/api', database, version: VERSION });
  await app.register(authRoutes, { prefix: '/api/auth', auth });
  await app.register(userRoutes, { prefix: '/api/user', auth });

  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(realtimeRoutes);
  await app.register(webApp, { webDist: config.webDist });
  return app;
}
