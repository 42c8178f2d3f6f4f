import { type ChannelParams, type Channels, channelName, type Stream } from '@kestrel/contract';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { RealtimeClient } from './realtime';

/** What a channel's messages carry, as the client hands them on. */
export type StreamData<S extends Stream> = z.output<Channels[S['kind']]['payload']>;

type NameArgs<S extends Stream> = keyof ChannelParams<S> extends never ? [] : [params: ChannelParams<S>];

function nameOf<S extends Stream>(stream: S | null, [params]: NameArgs<S> | []): string | null {
  return stream ? channelName(stream, (params ?? {}) as ChannelParams<S>) : null;
}

/**
 * The hooks through which screens follow channels of the app's shared realtime client, typed by the channels
 * table: `useChannel(streams.ticker, { symbol })` gives the latest ticker of that market.
 */
export function createChannelHooks(realtime: () => RealtimeClient) {
  /**
   * The latest data of a channel (undefined until the first message); `null` follows nothing. Updates are
   * rendered as transitions: a burst of live data never blocks a tap, and React batches and interrupts them.
   */
  function useChannel<S extends Stream>(stream: S | null, ...params: NameArgs<S>): StreamData<S> | undefined {
    const channel = nameOf(stream, params);
    const [state, setState] = useState<{ channel: string | null; value: unknown }>(() => ({
      channel,
      value: channel === null ? undefined : realtime().latestData(channel),
    }));
    useEffect(() => {
      if (channel === null) return;
      const client = realtime();
      const current = client.latestData(channel);
      setState((previous) =>
        previous.channel === channel && previous.value === current ? previous : { channel, value: current },
      );
      return client.subscribe(channel, (data) => {
        startTransition(() => setState({ channel, value: data }));
      });
    }, [channel]);
    return (state.channel === channel ? state.value : undefined) as StreamData<S> | undefined;
  }

  /** Calls `onData` with every message of a channel (the latest `onData` is used without resubscribing). */
  function useChannelEvents<S extends Stream>(
    stream: S | null,
    ...[onData, ...params]: [onData: (data: StreamData<S>) => void, ...NameArgs<S>]
  ): void {
    const channel = nameOf(stream, params as NameArgs<S>);
    const handler = useRef(onData);
    handler.current = onData;
    useEffect(() => {
      if (channel === null) return;
      return realtime().subscribe(channel, (data) => handler.current(data as StreamData<S>));
    }, [channel]);
  }

  /** Hands every message of a channel to `listener` until the returned function is called. */
  function follow<S extends Stream>(
    stream: S,
    listener: (data: StreamData<S>) => void,
    ...params: NameArgs<S>
  ): () => void {
    return realtime().subscribe(nameOf(stream, params) ?? '', (data) => listener(data as StreamData<S>));
  }

  /** Calls `onReconnect` (the latest one) each time the shared socket is back after it was lost. */
  function useReconnect(onReconnect: () => void): void {
    const handler = useRef(onReconnect);
    handler.current = onReconnect;
    useEffect(() => realtime().onReconnect(() => handler.current()), []);
  }

  return { useChannel, useChannelEvents, follow, useReconnect };
}
