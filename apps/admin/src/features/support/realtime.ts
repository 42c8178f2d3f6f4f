import { RealtimeClient, type SocketLike } from '@kestrel/client';
import { getLanguage, getToken } from '../../api/storage';

let shared: RealtimeClient | null = null;

/**
 * The console's one WebSocket to `/ws`, for the agents' inbox: it authenticates with the operator's token
 * (`adm_…`), which opens the agent channels (`supportInbox`).
 */
export function consoleRealtime(): RealtimeClient {
  if (!shared) {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    shared = new RealtimeClient({
      url: () => `${protocol}//${window.location.host}/ws`,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      getToken,
      getLanguage,
    });
  }
  return shared;
}

/** Replaces the shared client (tests). */
export function setConsoleRealtime(client: RealtimeClient | null): void {
  shared?.dispose();
  shared = client;
}
