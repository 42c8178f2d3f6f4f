import { adminOutboxItem, adminOutboxQuery, adminPageOf } from '../admin';
import { defineEndpoint, operator } from '../endpoint';

export const adminOutboxEndpoints = {
  searchOutbox: defineEndpoint({
    operationId: 'searchOutbox',
    method: 'GET',
    path: '/api/admin/outbox',
    tag: 'admin',
    summary: 'Every e-mail and SMS the platform produced, newest first, for deployments without a provider',
    auth: operator('support'),
    query: adminOutboxQuery,
    response: adminPageOf(adminOutboxItem),
  }),
};
