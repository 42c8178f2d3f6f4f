import type { Notice } from '@kestrel/client';
import { useSyncExternalStore } from 'react';

export type ShownNotice = Notice & { id: number };

/** Notices live outside React so that the request client, which knows no components, can raise them. */
let notices: ShownNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const SHOWN_FOR_MS = 5000;

function publish(next: ShownNotice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export function dismissNotice(id: number): void {
  publish(notices.filter((notice) => notice.id !== id));
}

export function notify(notice: Notice): void {
  const id = nextId++;
  publish([...notices, { ...notice, id }]);
  setTimeout(() => dismissNotice(id), SHOWN_FOR_MS);
}

export function useNotices(): ShownNotice[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notices,
  );
}
