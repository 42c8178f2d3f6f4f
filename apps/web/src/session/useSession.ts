import { useMemo, useSyncExternalStore } from 'react';
import { readSession, type StoredSession, sessionSnapshot, subscribeSession } from './storage';

/** The stored session, re-rendering when it changes (login, logout, 401, another tab). */
export function useSession(): StoredSession {
  const snapshot = useSyncExternalStore(subscribeSession, sessionSnapshot, sessionSnapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the snapshot is the cache key for the parsed session
  return useMemo(() => readSession(), [snapshot]);
}
