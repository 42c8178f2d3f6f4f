import { type ChannelParams, channels, type PrivateChannel, type PublicChannel } from '@kestrel/contract';
import type { HubSocket } from './hub';
import type { RealtimePublisher } from './publisher';

/**
 * Publishes a stand-in payload under a channel's name (`trades:BTCUSDT`), as a module publishes a real one: the
 * hub never reads a payload, so tests give whatever shows where it went.
 */
export function publishTo(publisher: RealtimePublisher, name: string, data: unknown) {
  const [kind, symbol, interval] = name.split(':');
  const channel = channels[kind as keyof typeof channels] as PublicChannel;
  publisher.publish(channel, { symbol, interval } as ChannelParams<PublicChannel>, data as never);
}

/** Publishes a stand-in payload on one user's private channel. */
export function publishToUser(
  publisher: RealtimePublisher,
  userId: number,
  name: PrivateChannel,
  data: unknown,
) {
  publisher.publishToUser(userId, channels[name], data as never);
}

/** A socket that records what the hub does to it; `bufferedAmount` is set by the test to play a slow reader. */
export class FakeSocket implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: (Buffer | string)[] = [];
  /** When each frame was sent (the fake clock). */
  readonly sentAt: number[] = [];
  closedWith: number | undefined;
  terminated = false;
  pings = 0;
  send(data: Buffer | string) {
    this.frames.push(data);
    this.sentAt.push(Date.now());
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  ping() {
    this.pings += 1;
  }
  /** Every message received so far, parsed. */
  get messages(): { op: string; channel?: string; data?: unknown; msg?: string; channels?: string[] }[] {
    return this.frames.map((frame) => JSON.parse(String(frame)));
  }
  get data() {
    return this.messages.filter((message) => message.op === 'data');
  }
}
