import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AdminsService } from '../admin';
import { type AuthService, callerOf } from '../auth';
import type { DemoService } from './demo.service';

/** Starting a demo account, switching to one's twin, and the demo account itself; under /api. */
export const demoRoutes: FastifyPluginAsyncZod<{ auth: AuthService; demo: DemoService }> = async (
  app,
  { auth, demo },
) => {
  const route = routesOf(app, { auth });
  route(endpoints.startDemo, async (request) =>
    ok(await demo.start(callerOf(request)), request.t('common.success')),
  );
  route(endpoints.openDemoTwin, async (request) =>
    ok(await demo.openTwin(request.user, callerOf(request)), request.t('common.success')),
  );
  route(endpoints.getDemoAccount, async (request) =>
    ok(await demo.account(request.user), request.t('common.success')),
  );
  route(endpoints.resetDemo, async (request) =>
    ok(await demo.reset(request.user), request.t('common.success')),
  );
};

/** Demo activity for the back office, counted apart from real activity. */
export const demoAdminRoutes: FastifyPluginAsyncZod<{ admins: AdminsService; demo: DemoService }> = async (
  app,
  { admins, demo },
) => {
  const route = routesOf(app, { admins });
  route(endpoints.getDemoSummary, async (request) => ok(await demo.summary(), request.t('common.success')));
};
