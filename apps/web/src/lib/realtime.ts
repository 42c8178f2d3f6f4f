import { createChannelHooks, RealtimeClient, type SocketLike } from '@kestrel/client';
import { getLanguage, getToken, subscribeSession } from '../session/storage';

function browserUrl(): string {
  const apiBase = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
  if (apiBase) return `${apiBase.replace(/^http/, 'ws')}/ws`;
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/ws`;
}

let shared: RealtimeClient | null = null;

/** The app's shared client, created on first use. */
export function realtime(): RealtimeClient {
  if (!shared) {
    const client = new RealtimeClient({
      url: browserUrl,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      getToken,
      getLanguage,
    });
    subscribeSession(() => client.refreshAuth());
    shared = client;
  }
  return shared;
}

/** Replaces the shared client (tests). */
export function setRealtimeClient(client: RealtimeClient | null): void {
  shared?.dispose();
  shared = client;
}

export const { useChannel, useChannelEvents, follow, useReconnect } = createChannelHooks(realtime);
