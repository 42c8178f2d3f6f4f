import {
  announcementBody,
  announcementResult,
  announcementsQuery,
  sentAnnouncementPage,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import type { MessagesService } from './messages.service';

/** The back office's side of the message centre: content operators write announcements. */
export const announcementRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  messages: MessagesService;
}> = async (app, { admins, messages }) => {
  app.post(
    '/announcements',
    {
      schema: {
        operationId: 'createAnnouncement',
        tags: ['admin'],
        summary: 'Announce to everyone or to one user, with a title and body per locale (en-US required)',
        security: [{ token: [] }],
        body: announcementBody,
        response: responses(announcementResult),
      },
      onRequest: requireAdmin(admins, { roles: ['content'] }),
    },
    async (request) =>
      ok(await messages.announce(request.body, actorOf(request)), request.t('common.success')),
  );

  app.get(
    '/announcements',
    {
      schema: {
        operationId: 'listAnnouncements',
        tags: ['admin'],
        summary: 'The announcements sent, newest first, as written in every locale and with their sender',
        security: [{ token: [] }],
        querystring: announcementsQuery,
        response: responses(sentAnnouncementPage),
      },
      onRequest: requireAdmin(admins, { roles: ['content'] }),
    },
    async (request) =>
      ok(
        await messages.sentAnnouncements(request.query.page, request.query.pageSize),
        request.t('common.success'),
      ),
  );
};
