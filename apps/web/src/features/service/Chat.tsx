import { ApiError } from '@kestrel/client';
import {
  ERRORS,
  SUPPORT_TEXT_MAX,
  type SupportConversation,
  type SupportEvent,
  type SupportMessage,
  UPLOAD_ACCEPTED_TYPES,
  UPLOAD_MAX_BYTES,
} from '@kestrel/contract';
import { Spinner } from '@kestrel/ui';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Check, CheckCheck, Clock, ImagePlus, RotateCw, SendHorizontal } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { showNotice } from '../../components/notice/noticeStore';
import { realtime, useReconnect } from '../../lib/realtime';
import styles from './Chat.module.css';
import {
  addMessage,
  applySupportEvent,
  type ChatMode,
  loadedMessages,
  markMessages,
  reached,
  sendMessage,
  setMarks,
  supportKeys,
  uploadChatImage,
  useChatImage,
  useConversationQuery,
  useMessagesQuery,
} from './queries';
import { ServiceTestId } from './testIds';
import { dropVisitorToken, VISITOR_TOKEN_KEY } from './visitorToken';

/** A message on its way: shown at once, matched with the stored one by its clientId, retried when it failed. */
type Pending = {
  clientId: string;
  status: 'sending' | 'failed';
} & ({ kind: 'text'; text: string } | { kind: 'image'; file: File; preview: string; imageId: string | null });

function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How long an answer usually takes, in the reader's words ("15 minutes", "2 hours"). */
function replyTime(minutes: number, locale: string): string {
  const hours = minutes >= 60 && minutes % 60 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: hours ? 'hour' : 'minute',
    unitDisplay: 'long',
  }).format(hours ? minutes / 60 : minutes);
}

/**
 * The customer service chat (spec: /home/service, /user/service, /user/online): the conversation's messages,
 * older ones as the reader scrolls to the top, a composer for text and images, delivery and read ticks, and live
 * updates from the conversation's stream channel. Text is shown as text, never as HTML.
 */
export function Chat({ mode, footer }: { mode: ChatMode; footer?: React.ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const conversation = useConversationQuery(mode);
  // A visitor token that stopped working (joined in another tab, or ended) gives way to a new visitor.
  const gone =
    mode.kind === 'visitor' &&
    conversation.error instanceof ApiError &&
    conversation.error.code === ERRORS.supportVisitorUnknown.code;
  useEffect(() => {
    if (!gone) return;
    dropVisitorToken();
    void queryClient.invalidateQueries({ queryKey: VISITOR_TOKEN_KEY });
  }, [gone, queryClient]);
  if (conversation.isPending) {
    return (
      <div className={styles.center}>
        <Spinner />
      </div>
    );
  }
  if (conversation.isError) {
    return (
      <div className={styles.center}>
        <ErrorState message={t('service.loadFailed')} onRetry={() => void conversation.refetch()} />
      </div>
    );
  }
  return <ChatBody mode={mode} conversation={conversation.data} footer={footer} />;
}

function ChatBody({
  mode,
  conversation,
  footer,
}: {
  mode: ChatMode;
  conversation: SupportConversation;
  footer?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const messages = useMessagesQuery(mode, true);
  const [pending, setPending] = useState<Pending[]>([]);
  const list = loadedMessages(messages.data);

  // Live: new messages, the agents' marks and the conversation's status, on the channel the conversation names.
  const channel = conversation.channel;
  useEffect(() => {
    return realtime().subscribe(channel, (data) => {
      const event = data as SupportEvent;
      applySupportEvent(queryClient, mode, event);
      if (event.type === 'message' && event.message.clientId) {
        const clientId = event.message.clientId;
        setPending((current) => current.filter((item) => item.clientId !== clientId));
      }
    });
  }, [channel, queryClient, mode]);
  useReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(mode) });
    void queryClient.invalidateQueries({ queryKey: supportKeys.messages(mode) });
  });

  // Marks: the agents' messages are delivered once here, and read while the chat is on screen.
  const lastAgent = [...list].reverse().find((message) => message.author === 'agent')?.id ?? null;
  const { agentDelivered, agentRead } = conversation.marks;
  const markedRef = useRef<{ delivered: string | null; read: string | null }>({
    delivered: null,
    read: null,
  });
  const mark = useCallback(() => {
    if (lastAgent === null) return;
    const visible = document.visibilityState === 'visible';
    const body: { delivered?: string; read?: string } = {};
    if (!reached(agentDelivered, lastAgent) && markedRef.current.delivered !== lastAgent)
      body.delivered = lastAgent;
    if (visible && !reached(agentRead, lastAgent) && markedRef.current.read !== lastAgent)
      body.read = lastAgent;
    if (body.delivered === undefined && body.read === undefined) return;
    if (body.delivered) markedRef.current.delivered = body.delivered;
    if (body.read) markedRef.current.read = body.read;
    void markMessages(mode, body)
      .then((marks) => {
        setMarks(queryClient, mode, marks);
        if (body.read && mode.kind === 'user') {
          void queryClient.invalidateQueries({ queryKey: supportKeys.unread() });
        }
      })
      .catch(() => {
        markedRef.current = { delivered: null, read: null };
      });
  }, [lastAgent, agentDelivered, agentRead, mode, queryClient]);
  useEffect(() => {
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [mark]);

  // Sending: shown at once, stored once however often it is retried (the clientId), put back when it failed.
  const settle = useCallback(
    (clientId: string, message: SupportMessage | null) => {
      if (message) {
        addMessage(queryClient, mode, message);
        setPending((current) => current.filter((item) => item.clientId !== clientId));
        if (conversation.status === 'closed') {
          void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(mode) });
        }
      } else {
        setPending((current) =>
          current.map((item) => (item.clientId === clientId ? { ...item, status: 'failed' } : item)),
        );
      }
    },
    [queryClient, mode, conversation.status],
  );
  const failed = useCallback(
    (clientId: string, error: unknown) => {
      // A refusal is said (too long, too many); a lost connection is the retry button's to tell.
      if (error instanceof ApiError && error.kind === 'business') {
        showNotice({ tone: 'negative', message: error.message });
      }
      settle(clientId, null);
    },
    [settle],
  );

  const deliver = useCallback(
    async (item: Pending) => {
      setPending((current) =>
        current.map((entry) => (entry.clientId === item.clientId ? { ...entry, status: 'sending' } : entry)),
      );
      try {
        if (item.kind === 'text') {
          settle(
            item.clientId,
            await sendMessage(mode, { kind: 'text', text: item.text, clientId: item.clientId }),
          );
          return;
        }
        let imageId = item.imageId;
        if (imageId === null) {
          imageId = (await uploadChatImage(mode, item.file, item.file.name)).id;
          const uploaded = imageId;
          setPending((current) =>
            current.map((entry) =>
              entry.clientId === item.clientId && entry.kind === 'image'
                ? { ...entry, imageId: uploaded }
                : entry,
            ),
          );
        }
        settle(item.clientId, await sendMessage(mode, { kind: 'image', imageId, clientId: item.clientId }));
      } catch (error) {
        failed(item.clientId, error);
      }
    },
    [mode, settle, failed],
  );

  const [draft, setDraft] = useState('');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    const item: Pending = { clientId: newClientId(), status: 'sending', kind: 'text', text };
    setPending((current) => [...current, item]);
    setDraft('');
    stickToBottom.current = true;
    void deliver(item);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const pickImage = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      showNotice({ tone: 'negative', message: t('uploads.tooLarge') });
      return;
    }
    const item: Pending = {
      clientId: newClientId(),
      status: 'sending',
      kind: 'image',
      file,
      preview: URL.createObjectURL(file),
      imageId: null,
    };
    setPending((current) => [...current, item]);
    stickToBottom.current = true;
    void deliver(item);
  };
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  useEffect(
    () => () => {
      for (const item of pendingRef.current) if (item.kind === 'image') URL.revokeObjectURL(item.preview);
    },
    [],
  );

  // Scrolling: the newest at the bottom; older pages load at the top without moving what is being read.
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const heightBefore = useRef<number | null>(null);
  const firstId = list[0]?.id ?? null;
  const lastKey = `${list.at(-1)?.id ?? ''}:${pending.length}`;
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new oldest message means an older page came in
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || heightBefore.current === null) return;
    element.scrollTop += element.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [firstId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new newest message or pending one
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [lastKey]);
  const hasOlder = messages.hasNextPage;
  const loadingOlder = messages.isFetchingNextPage;
  const fetchOlder = messages.fetchNextPage;
  useEffect(() => {
    const element = top.current;
    const root = scroller.current;
    if (!element || !root || !hasOlder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || loadingOlder) return;
        heightBefore.current = root.scrollHeight;
        void fetchOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, fetchOlder]);

  const { marks, availability } = conversation;
  return (
    <div className={styles.chat} data-testid={ServiceTestId.chat} data-status={conversation.status}>
      {availability.agentsOnline ? null : (
        <p className={styles.banner} data-testid={ServiceTestId.offline}>
          <Clock size={16} aria-hidden />
          <span>
            {t(mode.kind === 'user' ? 'service.offlineUser' : 'service.offlineVisitor', {
              time: replyTime(availability.typicalReplyMinutes, i18n.language),
            })}
          </span>
        </p>
      )}
      <div
        className={styles.messages}
        ref={scroller}
        onScroll={onScroll}
        data-testid={ServiceTestId.messages}
        role="log"
        aria-live="polite"
        aria-label={t('service.title')}
      >
        <div ref={top} className={styles.older} data-testid={ServiceTestId.loadOlder}>
          {loadingOlder ? <Spinner size={18} /> : null}
        </div>
        {messages.isPending ? (
          <div className={styles.center}>
            <Spinner />
          </div>
        ) : messages.isError ? (
          <ErrorState message={t('service.loadFailed')} onRetry={() => void messages.refetch()} />
        ) : list.length === 0 && pending.length === 0 ? (
          <p className={styles.empty}>{t('service.empty')}</p>
        ) : null}
        {list.map((message, index) => (
          <Bubble
            key={message.id}
            mode={mode}
            message={message}
            showAgent={message.author === 'agent' && list[index - 1]?.author !== 'agent'}
            tick={
              message.author === 'customer'
                ? reached(marks.customerRead, message.id)
                  ? 'read'
                  : reached(marks.customerDelivered, message.id)
                    ? 'delivered'
                    : 'sent'
                : null
            }
          />
        ))}
        {pending.map((item) => (
          <PendingBubble key={item.clientId} item={item} onRetry={() => void deliver(item)} />
        ))}
        {conversation.status === 'closed' ? (
          <p className={styles.closed} data-testid={ServiceTestId.closed}>
            {t('service.closed')}
          </p>
        ) : null}
      </div>
      {footer}
      <form className={styles.composer} onSubmit={submit}>
        <label className={styles.attach} title={t('service.attachImage')}>
          <input
            type="file"
            accept={UPLOAD_ACCEPTED_TYPES.join(',')}
            className={styles.fileInput}
            onChange={pickImage}
            aria-label={t('service.attachImage')}
            data-testid={ServiceTestId.image}
          />
          <ImagePlus size={22} aria-hidden />
        </label>
        <textarea
          className={styles.input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={t('service.placeholder')}
          aria-label={t('service.placeholder')}
          dir="auto"
          data-testid={ServiceTestId.input}
        />
        <button
          type="submit"
          className={styles.send}
          disabled={draft.trim() === ''}
          aria-label={t('service.send')}
          title={t('service.send')}
          data-testid={ServiceTestId.send}
        >
          <SendHorizontal className="flip-rtl" size={20} aria-hidden />
        </button>
      </form>
    </div>
  );
}

function Bubble({
  mode,
  message,
  showAgent,
  tick,
}: {
  mode: ChatMode;
  message: SupportMessage;
  showAgent: boolean;
  tick: 'sent' | 'delivered' | 'read' | null;
}) {
  const { t, i18n } = useTranslation();
  const mine = message.author === 'customer';
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(message.createdAt),
  );
  return (
    <div
      className={styles.row}
      data-mine={mine || undefined}
      data-testid={ServiceTestId.message(message.clientId ?? message.id)}
      data-author={message.author}
    >
      {showAgent && message.agent ? (
        <span className={styles.agent} data-testid={ServiceTestId.agentName}>
          <span dir="auto">{message.agent.name}</span>
          <BadgeCheck
            size={14}
            className={styles.verified}
            aria-label={t('service.verified')}
            role="img"
            data-testid={ServiceTestId.verified}
          />
        </span>
      ) : null}
      <div className={styles.bubble}>
        {message.kind === 'image' && message.image ? (
          <ChatImage
            mode={mode}
            url={message.image.url}
            width={message.image.width}
            height={message.image.height}
          />
        ) : (
          <p className={styles.text} dir="auto" data-testid={ServiceTestId.messageText}>
            {message.text}
          </p>
        )}
        <span className={styles.meta}>
          <time dateTime={message.createdAt}>{time}</time>
          {tick ? <Tick state={tick} /> : null}
        </span>
      </div>
    </div>
  );
}

function Tick({ state }: { state: 'sent' | 'delivered' | 'read' | 'sending' }) {
  const { t } = useTranslation();
  const label = t(`service.ticks.${state}`);
  const Icon = state === 'sending' ? Clock : state === 'sent' ? Check : CheckCheck;
  return (
    <span
      className={styles.tick}
      data-state={state}
      data-testid={ServiceTestId.tick}
      role="img"
      aria-label={label}
    >
      <Icon size={14} aria-hidden />
    </span>
  );
}

function PendingBubble({ item, onRetry }: { item: Pending; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className={styles.row}
      data-mine
      data-pending={item.status}
      data-testid={ServiceTestId.message(item.clientId)}
    >
      <div className={styles.bubble}>
        {item.kind === 'image' ? (
          <img src={item.preview} alt={t('service.image')} className={styles.image} />
        ) : (
          <p className={styles.text} dir="auto" data-testid={ServiceTestId.messageText}>
            {item.text}
          </p>
        )}
        <span className={styles.meta}>{item.status === 'sending' ? <Tick state="sending" /> : null}</span>
      </div>
      {item.status === 'failed' ? (
        <button type="button" className={styles.retry} onClick={onRetry} data-testid={ServiceTestId.retry}>
          <RotateCw size={14} aria-hidden />
          {t('service.retry')}
        </button>
      ) : null}
    </div>
  );
}

function ChatImage({
  mode,
  url,
  width,
  height,
}: {
  mode: ChatMode;
  url: string;
  width: number;
  height: number;
}) {
  const { t } = useTranslation();
  const image = useChatImage(mode, url);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const created = URL.createObjectURL(image.data);
    setSrc(created);
    return () => URL.revokeObjectURL(created);
  }, [image.data]);
  return src ? (
    <img src={src} alt={t('service.image')} className={styles.image} width={width} height={height} />
  ) : (
    <span className={styles.imagePlaceholder} style={{ aspectRatio: `${width} / ${height}` }}>
      {image.isError ? t('service.imageFailed') : <Spinner size={18} />}
    </span>
  );
}
