import { INBOX_VIEWS, type SupportEvent, type SupportMessage } from '@kestrel/contract';
import { DEFAULT_LOCALE, LOCALE_NAMES } from '@kestrel/i18n';
import { Button, TextArea } from '@kestrel/ui';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Lock, UserRound } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../api/admin';
import { Card, Facts, Page, pageStyles } from '../../components/Page';
import { Badge, Pager } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import { mayUseSupportDesk } from './access';
import {
  applyInboxEvent,
  type CannedReply,
  type ConversationDetail,
  compareIds,
  INBOX_PAGE_SIZE,
  type InboxItem,
  type InboxView,
  loadedMessages,
  markRead,
  supportKeys,
  useAddNote,
  useAdminImage,
  useAgents,
  useAssign,
  useCannedReplies,
  useClose,
  useConversation,
  useInbox,
  useMessages,
  useNotes,
  useReply,
} from './queries';
import { consoleRealtime } from './realtime';
import styles from './SupportDesk.module.css';
import { SupportDeskTestId as TestId } from './testIds';

/** The text of a canned reply in the customer's language, the English one when it has none. */
export function cannedText(reply: CannedReply, locale: string): string {
  return reply.texts[locale as keyof CannedReply['texts']] ?? reply.texts[DEFAULT_LOCALE] ?? '';
}

function newClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The agents' inbox: open, own, assigned and closed conversations; the one opened with its messages, a reply
 * composer with canned replies, internal notes, assignment and closing; beside it the customer's context.
 * Everything arrives live over the console's WebSocket (`supportInbox`).
 */
export function SupportDesk() {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const view = (INBOX_VIEWS as readonly string[]).includes(search.get('view') ?? '')
    ? (search.get('view') as InboxView)
    : 'open';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const openId = search.get('c');
  const allowed = role !== undefined && mayUseSupportDesk(role);

  useEffect(() => {
    if (!allowed) return;
    const realtime = consoleRealtime();
    const unsubscribe = realtime.subscribe('supportInbox', (data) =>
      applyInboxEvent(queryClient, data as SupportEvent),
    );
    // Events sent while the socket was away are missing: what the inbox shows is read afresh.
    const stopReconnect = realtime.onReconnect(
      () => void queryClient.invalidateQueries({ queryKey: supportKeys.all }),
    );
    return () => {
      unsubscribe();
      stopReconnect();
    };
  }, [allowed, queryClient]);

  if (!allowed) return <Page title={t('admin.supportDesk.title')}>{null}</Page>;
  const go = (next: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    setSearch(params);
  };
  return (
    <Page title={t('admin.supportDesk.title')}>
      <div className={styles.desk}>
        <InboxList view={view} page={page} openId={openId} go={go} />
        {openId ? (
          <ConversationPane key={openId} id={openId} />
        ) : (
          <p className={styles.placeholder}>{t('admin.supportDesk.pick')}</p>
        )}
      </div>
    </Page>
  );
}

function InboxList({
  view,
  page,
  openId,
  go,
}: {
  view: InboxView;
  page: number;
  openId: string | null;
  go: (next: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const inbox = useInbox(view, page);
  const counts = inbox.data?.counts;
  return (
    <section className={styles.list}>
      <div className={styles.tabs} role="tablist">
        {INBOX_VIEWS.map((name) => {
          const count =
            name === 'closed' ? (view === 'closed' ? inbox.data?.total : undefined) : counts?.[name];
          return (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={name === view}
              className={styles.tab}
              onClick={() => go({ view: name, page: null })}
              data-testid={TestId.tab(name)}
            >
              {t(`admin.supportDesk.views.${name}`)}
              {count !== undefined ? (
                <span className={styles.count} data-testid={TestId.tabCount(name)}>
                  {count}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <ul className={styles.rows}>
        {inbox.data?.items.length === 0 ? <li className={styles.empty}>{t('admin.common.noData')}</li> : null}
        {inbox.data?.items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={styles.row}
              aria-current={item.id === openId ? 'true' : undefined}
              onClick={() => go({ c: item.id })}
              data-testid={TestId.row(item.id)}
            >
              <span className={styles.rowTop}>
                <span className={styles.who}>
                  <CustomerName customer={item.customer} />
                </span>
                {item.unread > 0 ? <span className={styles.unread}>{item.unread}</span> : null}
              </span>
              <span className={styles.preview} dir="auto">
                {item.lastMessage ? previewOf(item.lastMessage, t('admin.supportDesk.image')) : ''}
              </span>
              <span className={styles.rowMeta}>
                <span>{item.assignee ? item.assignee.name : t('admin.supportDesk.unassigned')}</span>
                <time dateTime={item.updatedAt}>{formatDate(item.updatedAt)}</time>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {inbox.data && inbox.data.total > INBOX_PAGE_SIZE ? (
        <Pager
          page={page}
          pageSize={INBOX_PAGE_SIZE}
          total={inbox.data.total}
          onPage={(next) => go({ page: String(next) })}
        />
      ) : null}
    </section>
  );
}

function previewOf(message: SupportMessage, imageWord: string): string {
  return message.kind === 'image' ? imageWord : (message.text ?? '');
}

function CustomerName({ customer }: { customer: InboxItem['customer'] }) {
  const { t } = useTranslation();
  return customer.kind === 'visitor' ? (
    <span data-testid={TestId.visitor}>{t('admin.supportDesk.visitor', { label: customer.label })}</span>
  ) : (
    <span dir="auto">
      {customer.nickname} <span className={styles.muted}>{customer.email}</span>
    </span>
  );
}

function ConversationPane({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useConversation(id);
  if (!detail.data) {
    return (
      <p className={styles.placeholder}>
        {detail.isError ? t('admin.notice.network') : t('admin.common.loading')}
      </p>
    );
  }
  return (
    <>
      <Conversation detail={detail.data} />
      <Context detail={detail.data} />
    </>
  );
}

function Conversation({ detail }: { detail: ConversationDetail }) {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const me = useMe().data;
  const messages = useMessages(detail.id);
  const list = loadedMessages(messages.data);
  const assign = useAssign(detail.id);
  const close = useClose(detail.id);

  // Opening the conversation reads the customer's messages.
  const lastCustomer = [...list].reverse().find((message) => message.author === 'customer')?.id ?? null;
  const marked = useRef<string | null>(null);
  const customerRead = detail.marks.customerRead;
  useEffect(() => {
    if (lastCustomer === null || marked.current === lastCustomer) return;
    if (customerRead !== null && compareIds(lastCustomer, customerRead) <= 0) return;
    marked.current = lastCustomer;
    void markRead(detail.id, lastCustomer).catch(() => {
      marked.current = null;
    });
  }, [lastCustomer, customerRead, detail.id]);

  // The newest at the bottom; older pages come in above without moving what is read.
  const scroller = useRef<HTMLDivElement>(null);
  const heightBefore = useRef<number | null>(null);
  const firstId = list[0]?.id ?? null;
  const lastId = list.at(-1)?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: an older page came in
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || heightBefore.current === null) return;
    element.scrollTop += element.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [firstId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message came in
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && heightBefore.current === null) element.scrollTop = element.scrollHeight;
  }, [lastId]);
  const loadOlder = () => {
    if (scroller.current) heightBefore.current = scroller.current.scrollHeight;
    void messages.fetchNextPage();
  };

  const [other, setOther] = useState('');
  const agentRead = detail.marks.agentRead;
  return (
    <section className={styles.conversation} data-testid={TestId.conversation}>
      <header className={styles.convHeader}>
        <div className={styles.convTitle}>
          <CustomerName customer={detail.customer} />
          <Badge
            tone={detail.status === 'closed' ? 'neutral' : detail.status === 'open' ? 'negative' : 'positive'}
          >
            <span data-testid={TestId.status}>{t(`admin.supportDesk.statuses.${detail.status}`)}</span>
          </Badge>
          <span className={styles.muted}>
            {detail.assignee
              ? t('admin.supportDesk.assignedTo', { name: detail.assignee.name })
              : t('admin.supportDesk.unassigned')}
          </span>
        </div>
        <div className={styles.actions}>
          {me && detail.assignee?.id !== me.id ? (
            <Button
              size="md"
              variant="secondary"
              onClick={() => assign.mutate(me.id)}
              data-testid={TestId.assignMe}
            >
              {t('admin.supportDesk.assignMe')}
            </Button>
          ) : null}
          <AgentPicker
            value={other}
            onChange={(value) => {
              setOther('');
              if (value) assign.mutate(Number(value));
            }}
            exclude={detail.assignee?.id ?? null}
          />
          {detail.assignee ? (
            <Button
              size="md"
              variant="ghost"
              onClick={() => assign.mutate(null)}
              data-testid={TestId.unassign}
            >
              {t('admin.supportDesk.unassign')}
            </Button>
          ) : null}
          {detail.status !== 'closed' ? (
            <Button size="md" variant="danger" onClick={() => close.mutate()} data-testid={TestId.close}>
              {t('admin.supportDesk.close')}
            </Button>
          ) : null}
        </div>
      </header>
      <div className={styles.messages} ref={scroller} data-testid={TestId.messages} role="log">
        {messages.hasNextPage ? (
          <Button size="md" variant="ghost" onClick={loadOlder} disabled={messages.isFetchingNextPage}>
            {t('admin.supportDesk.older')}
          </Button>
        ) : null}
        {list.map((message) => (
          <div
            key={message.id}
            className={styles.message}
            data-author={message.author}
            data-testid={TestId.message(message.id)}
          >
            <span className={styles.author}>
              {message.author === 'agent' && message.agent ? (
                <>
                  {message.agent.name} <BadgeCheck size={12} aria-hidden />
                </>
              ) : (
                t('admin.supportDesk.customer')
              )}
            </span>
            <div className={styles.bubble}>
              {message.kind === 'image' && message.image ? (
                <AdminImage url={message.image.url} />
              ) : (
                <p className={styles.text} dir="auto">
                  {message.text}
                </p>
              )}
            </div>
            <span className={styles.meta}>
              {formatDate(message.createdAt)}
              {message.author === 'agent' && agentRead !== null && compareIds(message.id, agentRead) <= 0
                ? ` · ${t('admin.supportDesk.read')}`
                : ''}
            </span>
          </div>
        ))}
      </div>
      <Composer detail={detail} />
      <Notes id={detail.id} />
    </section>
  );
}

/** The other operators who answer customers: assign to one of them. */
function AgentPicker({
  value,
  onChange,
  exclude,
}: {
  value: string;
  onChange: (value: string) => void;
  exclude: number | null;
}) {
  const { t } = useTranslation();
  const me = useMe().data;
  const agents = (useAgents().data?.items ?? []).filter(
    (agent) => agent.id !== me?.id && agent.id !== exclude,
  );
  if (agents.length === 0) return null;
  return (
    <select
      className={styles.select}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={t('admin.supportDesk.assignTo')}
      data-testid={TestId.assignTo}
    >
      <option value="">{t('admin.supportDesk.assignTo')}</option>
      {agents.map((agent) => (
        <option key={agent.id} value={agent.id}>
          {agent.name}
        </option>
      ))}
    </select>
  );
}

function AdminImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const image = useAdminImage(url);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const created = URL.createObjectURL(image.data);
    setSrc(created);
    return () => URL.revokeObjectURL(created);
  }, [image.data]);
  return src ? (
    <img src={src} alt={t('admin.supportDesk.image')} className={styles.image} />
  ) : (
    <span className={styles.muted}>{t('admin.supportDesk.image')}</span>
  );
}

/** The reply box: `/shortcut` offers the canned replies, inserted in the customer's language. */
export function Composer({ detail }: { detail: Pick<ConversationDetail, 'id' | 'locale'> }) {
  const { t } = useTranslation();
  const reply = useReply(detail.id);
  const canned = useCannedReplies();
  const [draft, setDraft] = useState('');
  const typed = /^\/([a-z0-9-]*)$/.exec(draft)?.[1];
  const suggestions =
    typed === undefined ? [] : (canned.data?.items ?? []).filter((item) => item.shortcut.startsWith(typed));
  const insert = (item: CannedReply) => setDraft(cannedText(item, detail.locale));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || reply.isPending) return;
    reply.mutate({ text, clientId: newClientId() }, { onSuccess: () => setDraft('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const first = suggestions[0];
    if ((event.key === 'Tab' || event.key === 'Enter') && first) {
      event.preventDefault();
      insert(first);
      return;
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };
  return (
    <form className={styles.composer} onSubmit={submit}>
      {suggestions.length > 0 ? (
        <ul className={styles.suggestions}>
          {suggestions.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => insert(item)}
                data-testid={TestId.cannedSuggestion(item.shortcut)}
              >
                <strong>/{item.shortcut}</strong> <span dir="auto">{cannedText(item, detail.locale)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.composerRow}>
        <select
          className={styles.select}
          value=""
          onChange={(event) => {
            const item = canned.data?.items.find((entry) => entry.id === event.target.value);
            if (item) insert(item);
          }}
          aria-label={t('admin.supportDesk.canned')}
          data-testid={TestId.cannedPick}
        >
          <option value="">{t('admin.supportDesk.canned')}</option>
          {canned.data?.items.map((item) => (
            <option key={item.id} value={item.id}>
              /{item.shortcut}
            </option>
          ))}
        </select>
        <span className={styles.muted}>
          {t('admin.supportDesk.locale', { locale: LOCALE_NAMES[detail.locale] })}
        </span>
      </div>
      <TextArea
        label={t('admin.supportDesk.reply')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        placeholder={t('admin.supportDesk.replyHint')}
        data-testid={TestId.reply}
      />
      <div className={styles.composerRow}>
        <Button type="submit" disabled={draft.trim() === '' || reply.isPending} data-testid={TestId.send}>
          {t('admin.supportDesk.send')}
        </Button>
      </div>
    </form>
  );
}

function Notes({ id }: { id: string }) {
  const { t } = useTranslation();
  const { formatDate } = useLocale();
  const notes = useNotes(id);
  const add = useAddNote(id);
  const [text, setText] = useState('');
  return (
    <div className={styles.notes} data-testid={TestId.notes}>
      <h3 className={styles.notesTitle}>
        <Lock size={14} aria-hidden /> {t('admin.supportDesk.notes')}
      </h3>
      {notes.data?.items.map((note) => (
        <div key={note.id} className={styles.note}>
          <span className={styles.muted}>
            {note.author.name} · {formatDate(note.createdAt)}
          </span>
          <p className={styles.text} dir="auto">
            {note.text}
          </p>
        </div>
      ))}
      <form
        className={styles.noteForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) add.mutate(text.trim(), { onSuccess: () => setText('') });
        }}
      >
        <TextArea
          label={t('admin.supportDesk.noteLabel')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={2}
          data-testid={TestId.noteInput}
        />
        <Button
          type="submit"
          size="md"
          variant="secondary"
          disabled={!text.trim()}
          data-testid={TestId.noteAdd}
        >
          {t('admin.supportDesk.addNote')}
        </Button>
      </form>
    </div>
  );
}

/** Beside the conversation: who the customer is and where their money stands, read-only. */
function Context({ detail }: { detail: ConversationDetail }) {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();
  const context = detail.context;
  if (!context) {
    return (
      <aside className={styles.context} data-testid={TestId.context}>
        <Card title={t('admin.supportDesk.context')}>
          <p className={styles.muted}>
            <UserRound size={14} aria-hidden /> {t('admin.supportDesk.visitorContext')}
          </p>
        </Card>
      </aside>
    );
  }
  const records = (
    title: string,
    items: { id: string; asset: string; amount: string; status: string; createdAt: string }[],
  ) => (
    <Card title={title}>
      {items.length === 0 ? (
        <p className={styles.muted}>{t('admin.common.noData')}</p>
      ) : (
        <ul className={styles.records}>
          {items.map((item) => (
            <li key={item.id}>
              <span>{formatAmount(item.amount, item.asset)}</span>
              <span className={styles.muted}>
                {item.status} · {formatDate(item.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
  return (
    <aside className={styles.context} data-testid={TestId.context}>
      <Card title={t('admin.supportDesk.context')}>
        <Facts
          items={[
            { label: t('admin.supportDesk.uid'), value: context.userId },
            { label: t('admin.supportDesk.email'), value: context.email },
            { label: t('admin.supportDesk.nickname'), value: context.nickname || '—' },
            {
              label: t('admin.supportDesk.identity'),
              value: t(`admin.supportDesk.identityStatuses.${context.identityStatus}`),
              testId: TestId.identity,
            },
            {
              label: t('admin.supportDesk.account'),
              value: context.frozen ? t('admin.supportDesk.frozen') : t('admin.supportDesk.active'),
            },
            { label: t('admin.supportDesk.registered'), value: formatDate(context.registeredAt) },
          ]}
        />
      </Card>
      <Card title={t('admin.supportDesk.balances')}>
        {context.balances.length === 0 ? (
          <p className={styles.muted}>{t('admin.common.noData')}</p>
        ) : (
          <ul className={styles.records}>
            {context.balances.map((balance) => (
              <li key={balance.asset}>
                <span>{formatAmount(balance.available, balance.asset)}</span>
                {balance.frozen !== '0' && !/^0(\.0+)?$/.test(balance.frozen) ? (
                  <span className={styles.muted}>
                    {t('admin.supportDesk.frozenAmount', { amount: formatAmount(balance.frozen) })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {records(t('admin.supportDesk.deposits'), context.deposits)}
      {records(t('admin.supportDesk.withdrawals'), context.withdrawals)}
      <Card title={t('admin.supportDesk.openOrders')}>
        {context.openOrders.length === 0 ? (
          <p className={styles.muted}>{t('admin.common.noData')}</p>
        ) : (
          <ul className={styles.records}>
            {context.openOrders.map((order) => (
              <li key={`${order.market}-${order.id}`}>
                <span>
                  {order.symbol} · {order.side} · {order.type}
                </span>
                <span className={styles.muted}>
                  {order.price ? `${formatAmount(order.price)} · ` : ''}
                  {formatAmount(order.filled)} / {formatAmount(order.quantity)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <p className={pageStyles.muted}>{t('admin.supportDesk.readOnly')}</p>
    </aside>
  );
}
