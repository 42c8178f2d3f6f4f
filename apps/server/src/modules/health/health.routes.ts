import { healthResult } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ok, responses } from '../../http/reply';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: responses(healthResult),
      },
    },
    async (request) => {
      await database.ping();
      return ok({ status: 'ok' as const, db: database.kind, version }, request.t('common.success'));
    },
  );
};
