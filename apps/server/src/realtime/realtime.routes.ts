import { type WsServerMessage, wsClientMessage } from '@kestrel/contract';
import { resolveLocale } from '@kestrel/i18n';
import type { FastifyInstance } from 'fastify';
import { translator } from '../http/i18n';

/**
 * The WebSocket endpoint. A browser cannot set headers on a WebSocket, so the language comes as `?lang=`.
 * `{op:'ping'}` answers `{op:'pong'}`; anything malformed gets a translated error.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const t = translator(resolveLocale((request.query as { lang?: unknown }).lang));
    const send = (message: WsServerMessage) => socket.send(JSON.stringify(message));
    socket.on('message', (raw) => {
      const message = wsClientMessage.safeParse(parseJson(raw.toString()));
      if (!message.success) {
        send({ op: 'error', msg: t('validation.parameterError') });
        return;
      }
      send({ op: 'pong', time: Date.now() });
    });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
