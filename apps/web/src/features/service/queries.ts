import type { CallData } from '@kestrel/client';
import {
  SUPPORT_VISITOR_HEADER,
  type SupportConversation,
  type SupportEvent,
  type SupportMarks,
  type SupportMessage,
} from '@kestrel/contract';
import { routes } from '@kestrel/contract/routes';
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import { joinStoredVisitor } from './visitorToken';

/** Whose conversation the chat shows: the signed-in user's, or an anonymous visitor's (by its token). */
export type ChatMode = { kind: 'user' } | { kind: 'visitor'; token: string };

export type MessagePage = CallData<typeof routes.listSupportMessages>;
export type MessagePages = InfiniteData<MessagePage>;

export const supportKeys = {
  all: ['support'] as const,
  unread: () => [...supportKeys.all, 'unread'] as const,
  conversation: (mode: ChatMode) => [...supportKeys.all, whoOf(mode), 'conversation'] as const,
  messages: (mode: ChatMode) => [...supportKeys.all, whoOf(mode), 'messages'] as const,
  image: (mode: ChatMode, id: string) => [...supportKeys.all, whoOf(mode), 'image', id] as const,
};

function whoOf(mode: ChatMode): string {
  return mode.kind === 'user' ? 'user' : `visitor:${mode.token}`;
}

function visitorHeaders(mode: ChatMode): { headers?: Record<string, string> } {
  return mode.kind === 'visitor' ? { headers: { [SUPPORT_VISITOR_HEADER]: mode.token } } : {};
}

/** The badge's poll: a new agent's message also arrives live (ServiceBadge), this catches up after a while. */
export const SUPPORT_UNREAD_POLL_MS = 30_000;
export const SUPPORT_PAGE_SIZE = 30;
export const AVAILABILITY_POLL_MS = 60_000;

export function useSupportUnreadQuery(enabled: boolean) {
  return useQuery({
    queryKey: supportKeys.unread(),
    queryFn: () => api.call(routes.getSupportUnread, {}, { quiet: true }),
    select: (data) => data.unread,
    refetchInterval: SUPPORT_UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    enabled,
  });
}

/**
 * The conversation, its marks and whether an agent is online. A signed-in user's chat first brings in the visitor
 * conversation this browser may still hold (the join after signing in did not get through).
 */
export function useConversationQuery(mode: ChatMode) {
  return useQuery({
    queryKey: supportKeys.conversation(mode),
    queryFn: async () => {
      if (mode.kind === 'user') {
        await joinStoredVisitor();
        return api.call(routes.getSupportConversation);
      }
      return api.call(routes.getVisitorConversation, {}, { quiet: true, ...visitorHeaders(mode) });
    },
    retry: false,
    // Whether an agent is online changes while the chat is open; the notice follows it.
    refetchInterval: AVAILABILITY_POLL_MS,
  });
}

/** The messages, newest page first; each next page is older (`before` the oldest loaded). */
export function useMessagesQuery(mode: ChatMode, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: supportKeys.messages(mode),
    queryFn: ({ pageParam }) => {
      const query = { limit: SUPPORT_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) };
      return mode.kind === 'user'
        ? api.call(routes.listSupportMessages, { query })
        : api.call(routes.listVisitorMessages, { query }, visitorHeaders(mode));
    },
    initialPageParam: '',
    getNextPageParam: (page: MessagePage) => (page.hasMore ? (page.items[0]?.id ?? undefined) : undefined),
    enabled,
  });
}

/** Every loaded message, oldest first. */
export function loadedMessages(data: MessagePages | undefined): SupportMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}

export function sendMessage(
  mode: ChatMode,
  body:
    | { kind: 'text'; text: string; clientId: string }
    | { kind: 'image'; imageId: string; clientId: string },
): Promise<SupportMessage> {
  return mode.kind === 'user'
    ? api.call(routes.sendSupportMessage, { body }, { quiet: true })
    : api.call(routes.sendVisitorMessage, { body }, { quiet: true, ...visitorHeaders(mode) });
}

export function uploadChatImage(mode: ChatMode, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return mode.kind === 'user'
    ? api.call(routes.uploadSupportImage, { form })
    : api.call(routes.uploadVisitorImage, { form }, visitorHeaders(mode));
}

export function markMessages(mode: ChatMode, body: { delivered?: string; read?: string }) {
  return mode.kind === 'user'
    ? api.call(routes.markSupportMessages, { body }, { quiet: true })
    : api.call(routes.markVisitorMessages, { body }, { quiet: true, ...visitorHeaders(mode) });
}

/** An image of the conversation, fetched with the token or the visitor header (an <img src> cannot send them). */
export function useChatImage(mode: ChatMode, url: string) {
  const id = url.split('/').pop() ?? '';
  return useQuery({
    queryKey: supportKeys.image(mode, id),
    queryFn: ({ signal }) =>
      mode.kind === 'user'
        ? api.call(routes.getSupportImage, { params: { id } }, { quiet: true, signal })
        : api.call(
            routes.getVisitorImage,
            { params: { id } },
            { quiet: true, signal, ...visitorHeaders(mode) },
          ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Compares two message ids (decimal strings of up to 18 digits). */
export function compareIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `id` is at or before the mark. */
export function reached(mark: string | null, id: string): boolean {
  return mark !== null && compareIds(id, mark) <= 0;
}

/** Puts a message into the newest loaded page, once (a live event and the send's answer may both bring it). */
export function addMessage(queryClient: QueryClient, mode: ChatMode, message: SupportMessage): void {
  queryClient.setQueryData<MessagePages>(supportKeys.messages(mode), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const items = [...newest.items, message].sort((a, b) => compareIds(a.id, b.id));
    return { ...data, pages: [{ ...newest, items }, ...older] };
  });
}

export function setMarks(queryClient: QueryClient, mode: ChatMode, marks: SupportMarks): void {
  queryClient.setQueryData<SupportConversation>(supportKeys.conversation(mode), (conversation) =>
    conversation ? { ...conversation, marks } : conversation,
  );
}

/** Applies one live event of the conversation's channel to what the chat holds. */
export function applySupportEvent(queryClient: QueryClient, mode: ChatMode, event: SupportEvent): void {
  if (event.type === 'message') {
    addMessage(queryClient, mode, event.message);
    // An agent's answer may come with a new agent, status or availability: the conversation is read again.
    if (event.message.author === 'agent') {
      void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(mode) });
    }
  } else if (event.type === 'marks') {
    setMarks(queryClient, mode, event.marks);
  } else {
    queryClient.setQueryData<SupportConversation>(supportKeys.conversation(mode), (conversation) =>
      conversation ? { ...conversation, status: event.status, agent: event.agent } : conversation,
    );
  }
}
