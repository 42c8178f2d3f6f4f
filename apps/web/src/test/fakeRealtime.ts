import { RealtimeClient, type RealtimeOptions, type SocketLike } from '@kestrel/client';
import { setRealtimeClient } from '../lib/realtime';

/** A socket the test opens and speaks through; until then a screen runs on its REST data alone. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  /** Every message the client sent, parsed. */
  sent: { op: string; channels?: string[] }[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url = '') {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server goes away. */
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  /** The server sends `data` on `channel`. */
  push(channel: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ op: 'data', channel, data }) });
  }
}

/**
 * Makes the app's shared realtime client one on fake sockets, with timers that never run (no reconnects, pings
 * or idle closes unless a test passes its own). Returns the sockets it creates, oldest first; `setRealtimeClient(null)`
 * after each test disposes of it.
 */
export function installFakeRealtime(options: Partial<RealtimeOptions> = {}): FakeSocket[] {
  const sockets: FakeSocket[] = [];
  setRealtimeClient(
    new RealtimeClient({
      url: () => 'ws://test/ws',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      getToken: () => '',
      getLanguage: () => 'en-US',
      setTimer: () => 0,
      clearTimer: () => {},
      ...options,
    }),
  );
  return sockets;
}
