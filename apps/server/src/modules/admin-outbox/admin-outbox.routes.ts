import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AdminsService } from '../admin';
import type { AdminOutboxRepository } from '../notifications';

export const adminOutboxRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  outbox: AdminOutboxRepository;
}> = async (app, { admins, outbox }) => {
  const route = routesOf(app, { admins });
  route(endpoints.searchOutbox, async (request) => {
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
  });
};
