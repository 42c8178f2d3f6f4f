import { useSyncExternalStore } from 'react';

/** The user's favourite markets, kept on this device (localStorage `favouriteMarkets`). */
export const FAVOURITES_KEY = 'favouriteMarkets';

const listeners = new Set<() => void>();
let cache: { raw: string | null; value: ReadonlySet<string> } = { raw: null, value: new Set() };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored favourites; the same Set object until they change, as useSyncExternalStore needs. */
export function readFavourites(): ReadonlySet<string> {
  const raw = storage()?.getItem(FAVOURITES_KEY) ?? null;
  if (raw === cache.raw) return cache.value;
  let symbols: string[] = [];
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    if (Array.isArray(parsed)) symbols = parsed.filter((item): item is string => typeof item === 'string');
  } catch {
    // A damaged entry counts as no favourites.
  }
  cache = { raw, value: new Set(symbols) };
  return cache.value;
}

export function toggleFavourite(symbol: string): void {
  const next = new Set(readFavourites());
  if (next.has(symbol)) next.delete(symbol);
  else next.add(symbol);
  storage()?.setItem(FAVOURITES_KEY, JSON.stringify([...next]));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FAVOURITES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFavourites(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, readFavourites, readFavourites);
}
