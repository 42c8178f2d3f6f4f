import { routes } from '@kestrel/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from './http';

/*
 * The unread count behind the badges of the tab bar and the home screen, apart from the rest of the inbox (lists,
 * mutations) so that the first paint does not carry the inbox screens' code. inbox.ts re-exports all of it.
 */

export const inboxKeys = {
  all: ['inbox'] as const,
  unread: () => [...inboxKeys.all, 'unread'] as const,
  list: (pageSize: number) => [...inboxKeys.all, 'list', pageSize] as const,
  message: (id: number) => [...inboxKeys.all, 'message', id] as const,
};

/**
 * How often the unread count is polled while the app is open: new messages show up within this long without a
 * reload (see docs/decisions/0008-message-delivery.md).
 */
export const UNREAD_POLL_MS = 30_000;
export const INBOX_PAGE_SIZE = 20;

/**
 * The unread count behind the badges. Polled quietly: a background check that fails says nothing, the next
 * one tries again.
 */
export function useUnreadCountQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: inboxKeys.unread(),
    queryFn: () => api.call(routes.countUnreadMessages, {}, { quiet: true }),
    select: (data) => data.unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    enabled: options.enabled ?? true,
  });
}

/** The badge text: the count, capped at "99+". */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
