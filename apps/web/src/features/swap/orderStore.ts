import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../session/storage';

/**
 * The swap orders this device created, newest first: each order's number and the secret that opens it without an
 * account. The server shows the secret once, so this is the only copy a visitor has. At most 50 are kept, as many
 * as one lookup answers.
 */
export type HeldSwapOrder = { id: string; secret: string };

export const HELD_SWAP_ORDERS_MAX = 50;

const listeners = new Set<() => void>();
let cached: { raw: string | null; orders: readonly HeldSwapOrder[] } = { raw: null, orders: [] };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isHeld(value: unknown): value is HeldSwapOrder {
  if (typeof value !== 'object' || value === null) return false;
  const { id, secret } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof secret === 'string';
}

function parse(raw: string | null): readonly HeldSwapOrder[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isHeld).slice(0, HELD_SWAP_ORDERS_MAX) : [];
  } catch {
    return [];
  }
}

/** The held orders, newest first; the same array until the stored list changes. */
export function heldSwapOrders(): readonly HeldSwapOrder[] {
  const raw = storage()?.getItem(STORAGE_KEYS.swapOrders) ?? null;
  if (raw !== cached.raw) cached = { raw, orders: parse(raw) };
  return cached.orders;
}

/** The secret of an order this device created, if it did. */
export function secretOf(id: string): string | undefined {
  return heldSwapOrders().find((order) => order.id === id)?.secret;
}

/** Keeps a new order first; the oldest beyond the cap is forgotten. */
export function holdSwapOrder(order: HeldSwapOrder): void {
  const next = [
    { id: order.id, secret: order.secret },
    ...heldSwapOrders().filter((held) => held.id !== order.id),
  ].slice(0, HELD_SWAP_ORDERS_MAX);
  try {
    storage()?.setItem(STORAGE_KEYS.swapOrders, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the order still opens now, and signed in it is kept with the account.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.swapOrders) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The held orders, re-rendering when an order is added here or in another tab. */
export function useHeldSwapOrders(): readonly HeldSwapOrder[] {
  return useSyncExternalStore(subscribe, heldSwapOrders, heldSwapOrders);
}
