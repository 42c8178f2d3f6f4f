import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { MessagesService } from './messages.service';

/** The signed-in user's messages, rendered in the language of the request. */
export const messageRoutes: FastifyPluginAsyncZod<{ auth: AuthService; messages: MessagesService }> = async (
  app,
  { auth, messages },
) => {
  const route = routesOf(app, { auth });

  route(endpoints.listMessages, async (request) => {
    const { page, pageSize } = request.query;
    return ok(
      await messages.list(request.user.id, page, pageSize, request.locale),
      request.t('common.success'),
    );
  });

  route(endpoints.countUnreadMessages, async (request) =>
    ok(await messages.unreadCount(request.user.id), request.t('common.success')),
  );

  route(endpoints.markAllMessagesRead, async (request) => {
    await messages.markAllRead(request.user.id);
    return ok(null, request.t('inbox.allMarkedRead'));
  });

  route(endpoints.getMessage, async (request) =>
    ok(await messages.get(request.user.id, request.params.id, request.locale), request.t('common.success')),
  );

  route(endpoints.markMessageRead, async (request) => {
    await messages.markRead(request.user.id, request.params.id);
    return ok(null, request.t('common.success'));
  });
};
