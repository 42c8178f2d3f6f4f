import { useSyncExternalStore } from 'react';

/*
 * How far the server's clock is ahead of this device's. A phone's clock can be minutes off; the round clock and
 * every countdown count on the server's time. A tick pushed over optionClock was recorded before it was sent, so
 * its time minus the moment it arrives is at most the true offset (short of it by the push's delay): the largest of
 * the recent estimates is the closest.
 */

/** Estimates kept: about half a minute of ticks, so a clock that was corrected is followed soon. */
const KEPT = 30;

let estimates: number[] = [];
let offset = 0;
const listeners = new Set<() => void>();

/** Takes one pushed tick's time, read at `receivedAt` on this device. */
export function noteServerTime(serverTime: string, receivedAt = Date.now()): void {
  const estimate = Date.parse(serverTime) - receivedAt;
  if (Number.isNaN(estimate)) return;
  estimates = [...estimates, estimate].slice(-KEPT);
  const next = Math.max(...estimates);
  if (next === offset) return;
  offset = next;
  for (const listener of listeners) listener();
}

/** The current estimate, in milliseconds (0 until a tick was pushed). */
export function serverOffset(): number {
  return offset;
}

/** Forgets every estimate (a new session, tests). */
export function resetServerClock(): void {
  estimates = [];
  offset = 0;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServerOffset(): number {
  return useSyncExternalStore(subscribe, serverOffset, serverOffset);
}
