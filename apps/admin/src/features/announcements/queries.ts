import type { AnnouncementBody, SentAnnouncementPage } from '@kestrel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { query } from '../../api/client';
import { api } from '../../app/api';

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
    queryFn: () =>
      api.get<SentAnnouncementPage>(`/announcements${query({ page, pageSize: SENT_PAGE_SIZE })}`),
  });
}

export function useSendAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => api.post<{ id: number }>('/announcements', body),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
