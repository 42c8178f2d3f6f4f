import {
  type InboxMessage,
  inboxMessage,
  type MessagePage,
  messagePage,
  unreadCount,
} from '@kestrel/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

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
    queryFn: () => api.get('/api/messages/unread-count', unreadCount, { quiet: true }),
    select: (data) => data.unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    enabled: options.enabled ?? true,
  });
}

/** The list, a page at a time ("Load more"), polled like the badge while it is on screen. */
export function useMessagesQuery(pageSize = INBOX_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(pageSize),
    queryFn: ({ pageParam }): Promise<MessagePage> =>
      api.get(`/api/messages?page=${pageParam}&pageSize=${pageSize}`, messagePage),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * pageSize < last.total ? pages.length + 1 : undefined),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMessageQuery(id: number | undefined) {
  return useQuery<InboxMessage>({
    queryKey: inboxKeys.message(id ?? 0),
    queryFn: () => api.get(`/api/messages/${id}`, inboxMessage),
    enabled: id !== undefined,
  });
}

/** After any message action the list, the detail and the badges are all refetched. */
function useInvalidateInbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inboxKeys.all });
}

export function useMarkReadMutation() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/messages/${id}/read`, undefined, undefined, { quiet: true }),
    onSettled: invalidate,
  });
}

export function useMarkAllReadMutation() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: () => api.post('/api/messages/read-all'),
    onSettled: invalidate,
  });
}

/** The badge text: the count, capped at "99+". */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
