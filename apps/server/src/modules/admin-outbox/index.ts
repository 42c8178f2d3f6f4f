/** The back office's outbox page (decision 0040); the outbox and its reads are the notifications module's. */
export { adminOutboxRoutes } from './admin-outbox.routes';
