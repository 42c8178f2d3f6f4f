import { adminOutboxItem, adminOutboxQuery, adminPageOf } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/reply';
import { type AdminsService, requireAdmin } from '../admin';
import type { AdminOutboxRepository } from '../notifications';

export const adminOutboxRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  outbox: AdminOutboxRepository;
}> = async (app, { admins, outbox }) => {
  app.get(
    '/outbox',
    {
      schema: {
        operationId: 'searchOutbox',
        tags: ['admin'],
        summary:
          'Every e-mail and SMS the platform produced, newest first, for deployments without a provider',
        security: [{ token: [] }],
        querystring: adminOutboxQuery,
        response: responses(adminPageOf(adminOutboxItem)),
      },
      onRequest: requireAdmin(admins, { roles: ['support'] }),
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      const { rows, total } = await outbox.search(q, page, pageSize);
      const items = rows.map((message) => ({
        id: message.id,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        deliveredAt: message.deliveredAt?.toISOString() ?? null,
        error: message.error,
        createdAt: message.createdAt.toISOString(),
      }));
      return ok({ items, total }, request.t('common.success'));
    },
  );
};
