import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { afterNextPaint } from '../lib/afterNextPaint';

/*
 * The query cache (TanStack Query, about 10 KB gzipped) is not part of the first paint (decision 0039): the shell
 * and the home screen draw their first frame without it, and what reads it loads once it has. Every other screen
 * waits for it beside its own chunk (screens.ts).
 */

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Loads the query cache once; a failed load (a lost chunk) is tried again by the next caller. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./queryClient').then(
    ({ createQueryClient }) => {
      client ??= createQueryClient();
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Provides the query cache to the app once it has loaded: what QueryClientProvider does, with no client before
 * then (nothing that reads the cache renders before it is there).
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  const loaded = useSyncExternalStore(subscribe, () => client);
  useEffect(() => {
    if (!loaded) return;
    loaded.mount();
    return () => loaded.unmount();
  }, [loaded]);
  return <QueryClientContext.Provider value={loaded}>{children}</QueryClientContext.Provider>;
}

/** A module whose components read the query cache, loaded with it once the screen has painted. */
export function afterPaintWithQueries<T>(load: () => Promise<T>): Promise<T> {
  return afterNextPaint()
    .then(() => Promise.all([load(), loadQueryClient()]))
    .then(([module]) => module);
}
