import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  const route = routesOf(app, {});
  route(endpoints.getHealth, async (request) => {
    await database.ping();
    return ok({ status: 'ok' as const, db: database.kind, version }, request.t('common.success'));
  });
};
