import type { Notice } from '@kestrel/client';

export type ShownNotice = Notice & { id: number };

/** How long a notice stays at the top of the screen. */
export const NOTICE_DURATION_MS = 2_500;

let current: ShownNotice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a top notice; a newer notice replaces the one on screen. */
export function showNotice(notice: Notice): void {
  current = { ...notice, id: nextId++ };
  emit();
}

export function dismissNotice(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

export function subscribeNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentNotice(): ShownNotice | null {
  return current;
}
