import type { WebsocketPluginOptions } from '@fastify/websocket';
import { ERRORS } from '@kestrel/contract';
import { resolveLocale } from '@kestrel/i18n';
import type { FastifyInstance } from 'fastify';
import { translator } from '../http/i18n';
import type { RealtimeHub } from './hub';

/** The largest frame a client may send; a larger one closes its connection (1009). */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;

/** What `ws` says when a client sent a frame over WS_MAX_PAYLOAD_BYTES. */
const FRAME_TOO_LARGE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/**
 * An error on an open socket. A frame over the limit is the client's doing and already answered by `ws` with a
 * 1009 close: a warning with who sent it, not an error stack. Anything else is logged as an error.
 */
export const websocketErrorHandler: NonNullable<WebsocketPluginOptions['errorHandler']> = (
  error,
  socket,
  request,
) => {
  if ((error as { code?: string }).code === FRAME_TOO_LARGE) {
    request.log.warn(
      { ip: request.ip, limit: WS_MAX_PAYLOAD_BYTES },
      'WebSocket frame over the size limit: closed',
    );
  } else {
    request.log.error({ err: error }, 'WebSocket connection failed');
  }
  socket.terminate();
};

/**
 * The WebSocket endpoint; the hub does the work. A browser cannot set headers on a WebSocket, so the language
 * comes as `?lang=` and the session token in an `{op:'auth'}` message rather than in the URL (URLs end up in logs).
 * With PUBLIC_URL set, a browser page of another origin is refused before the upgrade (cross-site WebSocket
 * hijacking); clients that are not browsers send no Origin and are let through.
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  { hub, publicUrl }: { hub: RealtimeHub; publicUrl?: string },
) {
  const ownOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (ownOrigin === undefined || origin === undefined || origin === ownOrigin) return;
        request.log.warn({ origin }, 'WebSocket from another origin refused');
        await reply
          .status(ERRORS.forbidden.status)
          .send({ code: ERRORS.forbidden.code, msg: request.t('errors.forbidden'), data: null });
      },
    },
    (socket, request) => {
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
    },
  );
}
