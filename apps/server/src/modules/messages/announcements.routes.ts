import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { MessagesService } from './messages.service';

/** The back office's side of the message centre: content operators write announcements. */
export const announcementRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  messages: MessagesService;
}> = async (app, { admins, messages }) => {
  const route = routesOf(app, { admins });
  route(endpoints.createAnnouncement, async (request) =>
    ok(await messages.announce(request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.listAnnouncements, async (request) =>
    ok(
      await messages.sentAnnouncements(request.query.page, request.query.pageSize),
      request.t('common.success'),
    ),
  );
};
