import type { InboxMessage, MessagePage } from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';
import { INBOX_PAGE_SIZE, inboxKeys, UNREAD_POLL_MS } from './unread';

export { badgeText, INBOX_PAGE_SIZE, inboxKeys, UNREAD_POLL_MS, useUnreadCountQuery } from './unread';

/** The list, a page at a time ("Load more"), polled like the badge while it is on screen. */
export function useMessagesQuery(pageSize = INBOX_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list(pageSize),
    queryFn: ({ pageParam }): Promise<MessagePage> =>
      api.call(routes.listMessages, { query: { page: pageParam, pageSize } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * pageSize < last.total ? pages.length + 1 : undefined),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useMessageQuery(id: number | undefined) {
  return useQuery<InboxMessage>({
    queryKey: inboxKeys.message(id ?? 0),
    queryFn: () => api.call(routes.getMessage, { params: { id: id ?? 0 } }),
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
    mutationFn: (id: number) => api.call(routes.markMessageRead, { params: { id } }, { quiet: true }),
    onSettled: invalidate,
  });
}

export function useMarkAllReadMutation() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: () => api.call(routes.markAllMessagesRead),
    onSettled: invalidate,
  });
}
