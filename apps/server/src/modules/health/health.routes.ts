import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Leadership } from '../../cluster/leadership';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { Readiness } from './readiness';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  version: string;
  leadership: Pick<Leadership, 'nodeId' | 'held'>;
  readiness: Readiness;
}> = async (app, { database, version, leadership, readiness }) => {
  const route = routesOf(app, {});
  route(endpoints.getHealth, async (request) => {
    await database.ping();
    const leads = leadership.held().map(({ name, epoch }) => ({ name, epoch: String(epoch) }));
    return ok(
      { status: 'ok' as const, db: database.kind, version, node: leadership.nodeId, leads },
      request.t('common.success'),
    );
  });
  route(endpoints.getReady, async (request) => {
    if (!(await readiness.ready())) throw new AppError('serviceUnavailable');
    return ok({ status: 'ready' as const }, request.t('common.success'));
  });
};
