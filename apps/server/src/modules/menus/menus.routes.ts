import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { MenusService } from './menus.service';

/** Anyone's side: the visible entries in the caller's language, which the app keeps in its session. */
export const menuRoutes: FastifyPluginAsyncZod<{ menus: MenusService }> = async (app, { menus }) => {
  const route = routesOf(app, {});
  route(endpoints.getMenuList, async (request) =>
    ok({ items: await menus.publicList(request.locale) }, request.t('common.success')),
  );
};

/** The back office's side (content role): the whole list, saved at once; every save is audited. */
export const menuAdminRoutes: FastifyPluginAsyncZod<{ admins: AdminsService; menus: MenusService }> = async (
  app,
  { admins, menus },
) => {
  const route = routesOf(app, { admins });
  route(endpoints.getAdminMenu, async (request) => ok(await menus.adminMenu(), request.t('common.success')));
  route(endpoints.saveAdminMenu, async (request) =>
    ok(await menus.save(request.body.entries, actorOf(request)), request.t('common.success')),
  );
};
