import { resolveLocale } from '@kestrel/i18n';
import type { FastifyInstance } from 'fastify';
import { translator } from '../http/i18n';
import type { RealtimeHub } from './hub';

/**
 * The WebSocket endpoint; the hub does the work. A browser cannot set headers on a WebSocket, so the language
 * comes as `?lang=` and the session token in an `{op:'auth'}` message rather than in the URL (URLs end up in logs).
 */
export async function realtimeRoutes(app: FastifyInstance, { hub }: { hub: RealtimeHub }) {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const connection = hub.connect(
      socket,
      translator(resolveLocale((request.query as { lang?: unknown }).lang)),
      request.ip,
    );
    socket.on('message', (raw, isBinary) => {
      connection.receive(isBinary ? '' : raw.toString());
    });
    socket.on('pong', () => connection.pong());
    socket.on('close', () => connection.closedBySocket());
    socket.on('error', () => connection.closedBySocket());
  });
}
