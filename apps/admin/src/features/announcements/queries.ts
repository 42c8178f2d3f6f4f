import { type AnnouncementBody, routes } from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../app/api';

/** The history table shows this many per page; it is a log to glance at, not to search. */
export const SENT_PAGE_SIZE = 10;

export const announcementKeys = {
  all: ['announcements'] as const,
  sent: (page: number) => ['announcements', 'sent', page] as const,
};

export function useSentAnnouncements(page: number) {
  return useQuery({
    queryKey: announcementKeys.sent(page),
    placeholderData: keepPreviousData,
    queryFn: () => client.call(routes.listAnnouncements, { query: { page, pageSize: SENT_PAGE_SIZE } }),
  });
}

export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => client.call(routes.createAnnouncement, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
