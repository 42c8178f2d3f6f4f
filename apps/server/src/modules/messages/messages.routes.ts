import { inboxMessage, messageIdParams, messagePage, messagesQuery, unreadCount } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { MessagesService } from './messages.service';

const tags = ['messages'];
const security = [{ token: [] }];

/** The signed-in user's messages, rendered in the language of the request. */
export const messageRoutes: FastifyPluginAsyncZod<{ auth: AuthService; messages: MessagesService }> = async (
  app,
  { auth, messages },
) => {
  app.addHook('preHandler', requireUser(auth));

  app.get(
    '/',
    {
      schema: {
        operationId: 'listMessages',
        tags,
        security,
        summary: "One page of the user's messages, newest first, with the total and unread counts",
        querystring: messagesQuery,
        response: responses(messagePage),
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(
        await messages.list(request.user.id, page, pageSize, request.locale),
        request.t('common.success'),
      );
    },
  );

  app.get(
    '/unread-count',
    {
      schema: {
        operationId: 'countUnreadMessages',
        tags,
        security,
        summary: 'How many of the user’s messages are unread; the user app polls it',
        response: responses(unreadCount),
      },
    },
    async (request) => ok(await messages.unreadCount(request.user.id), request.t('common.success')),
  );

  app.post(
    '/read-all',
    {
      schema: {
        operationId: 'markAllMessagesRead',
        tags,
        security,
        summary: 'Mark every message of the user as read',
        response: responses(z.null()),
      },
    },
    async (request) => {
      await messages.markAllRead(request.user.id);
      return ok(null, request.t('inbox.allMarkedRead'));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getMessage',
        tags,
        security,
        summary: 'One message; reading it does not mark it read',
        params: messageIdParams,
        response: responses(inboxMessage),
      },
    },
    async (request) =>
      ok(await messages.get(request.user.id, request.params.id, request.locale), request.t('common.success')),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        operationId: 'markMessageRead',
        tags,
        security,
        summary: 'Mark one message as read',
        params: messageIdParams,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await messages.markRead(request.user.id, request.params.id);
      return ok(null, request.t('common.success'));
    },
  );
};
