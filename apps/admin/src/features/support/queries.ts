import type { CallData } from '@kestrel/client';
import type { SupportEvent, SupportMessage } from '@kestrel/contract';
import { routes } from '@kestrel/contract';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { client } from '../../app/api';

export type InboxView = 'open' | 'mine' | 'assigned' | 'closed';
export type InboxPage = CallData<typeof routes.listInbox>;
export type InboxItem = InboxPage['items'][number];
export type ConversationDetail = CallData<typeof routes.getInboxConversation>;
export type CannedReply = CallData<typeof routes.listCannedReplies>['items'][number];
export type MessagePage = CallData<typeof routes.listInboxMessages>;

export const INBOX_PAGE_SIZE = 20;
export const MESSAGE_PAGE_SIZE = 30;

export const supportKeys = {
  all: ['supportDesk'] as const,
  inbox: (view: InboxView, page: number) => [...supportKeys.all, 'inbox', view, page] as const,
  inboxAll: () => [...supportKeys.all, 'inbox'] as const,
  conversation: (id: string) => [...supportKeys.all, 'conversation', id] as const,
  messages: (id: string) => [...supportKeys.all, 'messages', id] as const,
  notes: (id: string) => [...supportKeys.all, 'notes', id] as const,
  canned: () => [...supportKeys.all, 'canned'] as const,
  agents: () => [...supportKeys.all, 'agents'] as const,
  image: (id: string) => [...supportKeys.all, 'image', id] as const,
};

export function useInbox(view: InboxView, page: number) {
  return useQuery({
    queryKey: supportKeys.inbox(view, page),
    queryFn: () => client.call(routes.listInbox, { query: { view, page, pageSize: INBOX_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: supportKeys.conversation(id ?? ''),
    queryFn: () => client.call(routes.getInboxConversation, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

/** A conversation's messages, newest page first; each next page is older. */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: supportKeys.messages(id),
    queryFn: ({ pageParam }) =>
      client.call(routes.listInboxMessages, {
        params: { id },
        query: { limit: MESSAGE_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (page: MessagePage) => (page.hasMore ? (page.items[0]?.id ?? undefined) : undefined),
  });
}

export function loadedMessages(data: InfiniteData<MessagePage> | undefined): SupportMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}

export function compareIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

export function addMessage(queryClient: QueryClient, conversationId: string, message: SupportMessage): void {
  queryClient.setQueryData<InfiniteData<MessagePage>>(supportKeys.messages(conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const items = [...newest.items, message].sort((a, b) => compareIds(a.id, b.id));
    return { ...data, pages: [{ ...newest, items }, ...older] };
  });
}

/** One event of the agents' channel: the open conversation takes it, the lists are counted again. */
export function applyInboxEvent(queryClient: QueryClient, event: SupportEvent): void {
  const id = event.conversationId;
  if (event.type === 'message') addMessage(queryClient, id, event.message);
  if (event.type === 'marks') {
    queryClient.setQueryData<ConversationDetail>(supportKeys.conversation(id), (detail) =>
      detail ? { ...detail, marks: event.marks } : detail,
    );
  }
  if (event.type === 'conversation')
    void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(id) });
  void queryClient.invalidateQueries({ queryKey: supportKeys.inboxAll() });
}

export function useNotes(id: string) {
  return useQuery({
    queryKey: supportKeys.notes(id),
    queryFn: () => client.call(routes.listConversationNotes, { params: { id } }),
  });
}

/** The operators a conversation may be assigned to. */
export function useAgents() {
  return useQuery({ queryKey: supportKeys.agents(), queryFn: () => client.call(routes.listSupportAgents) });
}

export function useCannedReplies() {
  return useQuery({ queryKey: supportKeys.canned(), queryFn: () => client.call(routes.listCannedReplies) });
}

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(id) });
    void queryClient.invalidateQueries({ queryKey: supportKeys.inboxAll() });
  };
}

export function useReply(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: { text: string; clientId: string }) =>
      client.call(routes.replyToConversation, { params: { id }, body }),
    onSuccess: (message) => {
      addMessage(queryClient, id, message);
      refresh();
    },
  });
}

export function useAssign(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (agentId: number | null) =>
      client.call(routes.assignConversation, { params: { id }, body: { agentId } }),
    onSuccess: refresh,
  });
}

export function useClose(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: () => client.call(routes.closeConversation, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => client.call(routes.addConversationNote, { params: { id }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.notes(id) }),
  });
}

export function markRead(id: string, messageId: string) {
  return client.call(
    routes.markInboxMessages,
    { params: { id }, body: { delivered: messageId, read: messageId } },
    { quiet: true },
  );
}

export function useSaveCannedReply(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { shortcut: string; texts: CannedReply['texts'] }) =>
      id === null
        ? client.call(routes.createCannedReply, { body })
        : client.call(routes.updateCannedReply, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned() }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.deleteCannedReply, { params: { id } }),
    onSuccess: (list) => queryClient.setQueryData(supportKeys.canned(), list),
  });
}

export function useAdminImage(url: string) {
  const id = url.split('/').pop() ?? '';
  return useQuery({
    queryKey: supportKeys.image(id),
    queryFn: ({ signal }) =>
      client.call(routes.getAdminSupportImage, { params: { id } }, { quiet: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
