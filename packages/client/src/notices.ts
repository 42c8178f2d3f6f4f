import { useSyncExternalStore } from 'react';
import type { Notice } from './client';

export type ShownNotice = Notice & { id: number };

/**
 * An app's notices, kept outside React so that the request client, which knows no components, can raise them.
 * The phone shows the latest alone, a newer one replacing it (`'latest'`); the back office stacks them (`'all'`).
 * The view decides how long each stays.
 */
export function createNotices(keep: 'latest' | 'all') {
  let shown: readonly ShownNotice[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();

  function publish(next: readonly ShownNotice[]): void {
    shown = next;
    for (const listener of listeners) listener();
  }

  function show(notice: Notice): void {
    const added = { ...notice, id: nextId++ };
    publish(keep === 'latest' ? [added] : [...shown, added]);
  }

  function dismiss(id: number): void {
    if (shown.some((notice) => notice.id === id)) publish(shown.filter((notice) => notice.id !== id));
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  const current = (): readonly ShownNotice[] => shown;

  /** The notices on screen, for the view. */
  function useNotices(): readonly ShownNotice[] {
    return useSyncExternalStore(subscribe, current, current);
  }

  return { show, dismiss, current, useNotices };
}
