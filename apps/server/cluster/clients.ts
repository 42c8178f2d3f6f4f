import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import WebSocket from 'ws';
import { sessions, users } from '../src/modules/auth/auth.schema';
import { sha256 } from '../src/modules/auth/secrets';
import { LedgerRepository, LedgerService } from '../src/modules/ledger';
import { DEVELOPMENT_DELIVERY } from '../test/outbox';
import type { KestrelCluster } from './harness';
import { waitUntil } from './processes';

/*
 * What the suites do as clients of the cluster: calls over HTTP (through the balancer or to one node), WebSocket
 * streams, accounts registered through the API or seeded in SQL, and streams of orders with Idempotency-Keys.
 */

// biome-ignore lint/suspicious/noExplicitAny: each test asserts the fields of the answer it expects
export type Answer = { status: number; body: { code: number; msg: string; data: any } };

export type CallOptions = {
  body?: unknown;
  token?: string;
  lang?: string;
  /** The caller's address, as the balancer's X-Forwarded-For gives it to the nodes (TRUST_PROXY=127.0.0.1). */
  ip?: string;
  idempotencyKey?: string;
  timeoutMs?: number;
};

/**
 * One request to `base` (the balancer's or a node's URL), on a connection of its own: no kept-alive connection
 * that the other side may be closing, so a failure to connect is the server's. A connection that fails answers
 * status 0; an answer that is not the API's envelope (the balancer's own page) answers code -status and the
 * text as `msg`.
 */
export function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  if (options.token) headers.authorization = options.token;
  if (options.lang) headers['think-lang'] = options.lang;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const failed = (error: Error): Answer => ({
    status: 0,
    body: { code: -1, msg: error.message, data: null },
  });
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${path}`,
      { method, headers, agent: false, timeout: options.timeoutMs ?? 45_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => resolve(failed(error)));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status, body: JSON.parse(text) });
          } catch {
            resolve({ status, body: { code: -status, msg: text, data: null } });
          }
        });
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${options.timeoutMs ?? 45_000} ms`)),
    );
    request.on('error', (error) => resolve(failed(error)));
    request.end(body);
  });
}

/** What a node says it leads in GET /api/health: each name (spot:BTCUSDT, job:market-data) with its epoch. */
export async function leadsOf(base: string): Promise<Array<{ name: string; epoch: string }>> {
  const health = await call(base, 'GET', '/api/health');
  if (health.status !== 200) throw new Error(`${base} answered its health with ${health.status}`);
  return health.body.data.leads;
}

/** The catalogue's text of a dotted key (`errors.tooManyAttempts`) in `locale`. */
export function textOf(locale: string, key: string): string {
  let node: unknown = catalogues[locale as keyof typeof catalogues];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${locale}`);
  return node;
}

/** The contract's entry for a failure code: its reason, HTTP status and catalogue key. */
export function errorOfCode(code: number) {
  const found = Object.entries(ERRORS).find(([, entry]) => entry.code === code);
  return found ? { reason: found[0], ...found[1] } : undefined;
}

let addresses = 0;
/** An address of its own for each caller, so that no test spends another's per-address allowance. */
export function freshIp(): string {
  addresses += 1;
  return `10.${(process.pid >> 8) & 255}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** The last code development delivery wrote to any node's log for `account`. */
export function lastCodeSentTo(cluster: KestrelCluster, account: string): string | undefined {
  const sent = cluster.nodes
    .flatMap((node) => node.logEntries())
    .filter((entry) => entry.msg === DEVELOPMENT_DELIVERY && entry.to === account)
    .sort((a, b) => Number(a.time) - Number(b.time));
  return String(sent.at(-1)?.text ?? '').match(/\b\d{6}\b/)?.[0];
}

/** Registers an account through `base` as the app does, reading its code from the nodes' logs. */
export async function registerAccount(
  cluster: KestrelCluster,
  base: string,
  account: string,
  options: { password?: string; ip?: string } = {},
): Promise<{ token: string; userId: number }> {
  const password = options.password ?? 'secret123';
  const ip = options.ip ?? freshIp();
  const sent = await call(base, 'POST', '/api/auth/code', { body: { account, purpose: 'register' }, ip });
  if (sent.body.code !== 0) throw new Error(`could not send a code to ${account}: ${sent.body.msg}`);
  const code = await waitUntil(
    `a code for ${account} in a node's log`,
    () => lastCodeSentTo(cluster, account),
    {
      timeoutMs: 10_000,
    },
  );
  const registered = await call(base, 'POST', '/api/auth/register', {
    body: { account, password, confirmPassword: password, code, termsAccepted: true },
    ip,
  });
  if (registered.body.code !== 0) throw new Error(`could not register ${account}: ${registered.body.msg}`);
  return { token: registered.body.data.token, userId: registered.body.data.user.id };
}

export type Trader = { userId: number; token: string };

/**
 * Traders made straight in the database, as bench/orders.bench.ts makes them: a user, a session token and
 * funds credited through the ledger (a deposit each), so that thousands of orders need no sign-up.
 */
export async function seedTraders(
  cluster: KestrelCluster,
  count: number,
  funds: Record<string, string> = { USDT: '100000000', BTC: '1000000', ETH: '1000000' },
): Promise<Trader[]> {
  const { db } = cluster.database;
  const batch = randomBytes(4).toString('hex');
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `trader${index}.${batch}@cluster.test`,
        passwordHash: 'not-a-hash',
        inviteCode: `C${batch}${index}`.toUpperCase(),
      })),
    )
    .returning({ id: users.id });
  const traders = made.map((row) => ({ userId: row.id, token: randomBytes(24).toString('hex') }));
  await db.insert(sessions).values(
    traders.map((trader) => ({
      tokenHash: sha256(trader.token),
      userId: trader.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  for (const trader of traders) await fund(cluster, trader.userId, funds);
  return traders;
}

/** Credits a user's spot account through the ledger, as a deposit would. */
export async function fund(cluster: KestrelCluster, userId: number, funds: Record<string, string>) {
  const ledger = new LedgerService(new LedgerRepository(cluster.database.db));
  for (const [asset, amount] of Object.entries(funds)) {
    await ledger.execute({
      type: 'credit',
      kind: 'deposit',
      from: 'deposits_clearing',
      userId,
      account: 'spot',
      asset,
      amount,
      reference: `cluster-seed-${userId}-${asset}-${randomBytes(3).toString('hex')}`,
      actor: 'system',
    });
  }
}

/** The ledger's invariants over the suite's database (what `npm run ledger:check` runs). */
export function checkLedger(cluster: KestrelCluster) {
  return new LedgerService(new LedgerRepository(cluster.database.db)).check();
}

export type OrderBody = { symbol: string; side: 'buy' | 'sell'; type: 'limit'; price: string; size: string };

export type OrderOutcome = {
  trader: Trader;
  key: string;
  /** What the order is stored under: the user and the Idempotency-Key. */
  reference: string;
  body: OrderBody;
  /** The last answer's status (0: no connection) and code. */
  status: number;
  code: number;
  msg: string;
  attempts: number;
  /** Answered with code 0: the platform said it took the order. */
  acknowledged: boolean;
};

/** Statuses a client retries with the same key: no connection, the balancer's or a node's 5xx. */
function worthRetrying(answer: Answer): boolean {
  return answer.status === 0 || answer.status >= 500;
}

/**
 * Places `total` orders through `base` from `concurrency` workers, each order with an Idempotency-Key of its
 * own; a request that found no node or a 5xx is retried with the same key (so the same order) up to `attempts`
 * times (20 by default), as the app retries. Answers every order's outcome, in the order they were made.
 */
export async function streamOrders(options: {
  base: string | (() => string);
  traders: Trader[];
  total: number;
  concurrency: number;
  orderAt: (index: number) => OrderBody;
  attempts?: number;
  onAnswer?: (outcome: OrderOutcome, done: number) => void;
}): Promise<OrderOutcome[]> {
  const outcomes: OrderOutcome[] = [];
  let next = 0;
  let done = 0;
  const attempts = options.attempts ?? 20;
  const baseOf = typeof options.base === 'string' ? () => options.base as string : options.base;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= options.total) return;
      const trader = options.traders[index % options.traders.length] as Trader;
      const key = randomUUID();
      const body = options.orderAt(index);
      let answer: Answer | undefined;
      let attempt = 0;
      while (attempt < attempts) {
        attempt += 1;
        answer = await call(baseOf(), 'POST', '/api/spot/orders', {
          body,
          token: trader.token,
          idempotencyKey: key,
        });
        if (!worthRetrying(answer)) break;
        // Soon at first, then once a second: about 18 s in all, longer than a failover takes.
        await sleep(Math.min(250 * attempt, 1000));
      }
      const last = answer as Answer;
      const outcome: OrderOutcome = {
        trader,
        key,
        reference: `${trader.userId}:${key}`,
        body,
        status: last.status,
        code: last.body.code,
        msg: last.body.msg,
        attempts: attempt,
        acknowledged: last.status === 200 && last.body.code === 0,
      };
      outcomes[index] = outcome;
      done += 1;
      options.onAnswer?.(outcome, done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return outcomes;
}

/**
 * Limit orders around 1000 on `symbols`: buys a little above and sells a little below, of 0.01 to 0.03, so that
 * nearly every order crosses one resting from another trader and leaves part of one or the other resting; one in
 * ten is priced away from the others and rests whole, so that both sides of each book hold several levels.
 */
export function crossingOrder(symbols: string[]): (index: number) => OrderBody {
  return (index) => {
    const buy = index % 2 === 0;
    const resting = index % 10 < 2;
    const price = resting
      ? (buy ? 900 : 1100) + (Math.floor(index / 10) % 5)
      : buy
        ? 1000 + ((index * 7) % 5)
        : 999 - ((index * 7) % 5);
    return {
      symbol: symbols[Math.floor(index / 2) % symbols.length] as string,
      side: buy ? 'buy' : 'sell',
      type: 'limit',
      price: `${price}.00`,
      size: `0.0${1 + (index % 3)}`,
    };
  };
}

/** A decimal string without the zeros its scale adds ("1000.000000" -> "1000"), for comparing figures. */
export function plainDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

export type Levels = { bids: Array<[string, string]>; asks: Array<[string, string]> };

/** A market's book as PostgreSQL holds it: what is left of each resting limit order, summed by price. */
export async function bookInDatabase(cluster: KestrelCluster, symbol: string): Promise<Levels> {
  const result = await cluster.sql.query<{ side: 'buy' | 'sell'; price: string; size: string }>(
    `select side, price::text as price, sum(size - filled_size)::text as size from spot_orders
     where symbol = $1 and status in ('open', 'partially_filled') group by side, price
     order by side, case when side = 'buy' then -price else price end`,
    [symbol],
  );
  const level = (row: { price: string; size: string }): [string, string] => [
    plainDecimal(row.price),
    plainDecimal(row.size),
  ];
  return {
    bids: result.rows.filter((row) => row.side === 'buy').map(level),
    asks: result.rows.filter((row) => row.side === 'sell').map(level),
  };
}

/** A market's book as a node serves it (GET /api/markets/:symbol/depth), figures made plain. */
export async function bookServedBy(base: string, symbol: string): Promise<Levels> {
  const answer = await call(base, 'GET', `/api/markets/${symbol}/depth?levels=50`);
  if (answer.body.code !== 0) throw new Error(`no depth of ${symbol} from ${base}: ${answer.body.msg}`);
  const plain = (levels: Array<[string, string]>) =>
    levels.map(([price, size]) => [plainDecimal(price), plainDecimal(size)] as [string, string]);
  return { bids: plain(answer.body.data.bids), asks: plain(answer.body.data.asks) };
}

type ServerFrame = { op: string; channel?: string; data?: unknown; msg?: string; channels?: string[] };

/** A WebSocket client of `/ws` that keeps every frame it received, to wait for one in order. */
export class StreamClient {
  readonly frames: ServerFrame[] = [];
  private read = 0;
  closeCode: number | undefined;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame);
    });
    socket.on('close', (code) => {
      this.closeCode = code;
    });
    socket.on('error', () => {});
  }

  /** Opens `/ws` on `base` (http:// URL of the balancer or a node). */
  static open(base: string, lang = 'en-US'): Promise<StreamClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?lang=${lang}`);
      socket.once('open', () => resolve(new StreamClient(socket)));
      socket.once('error', reject);
    });
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Signs in and subscribes; resolves once the server said both. */
  async subscribe(channels: string[], token?: string): Promise<void> {
    if (token) {
      this.send({ op: 'auth', token });
      await this.next((frame) => frame.op === 'authenticated');
    }
    this.send({ op: 'subscribe', channels });
    await this.next((frame) => frame.op === 'subscribed');
  }

  /** The next frame after those already read that `matches`; the frames before it are read too. */
  async next(matches: (frame: ServerFrame) => boolean, timeoutMs = 30_000): Promise<ServerFrame> {
    return waitUntil(
      () =>
        `a matching frame on the WebSocket (${this.frames.length} received, the last ${JSON.stringify(this.frames.at(-1) ?? null).slice(0, 200)})`,
      () => {
        for (let index = this.read; index < this.frames.length; index++) {
          const frame = this.frames[index] as ServerFrame;
          if (matches(frame)) {
            this.read = index + 1;
            return frame;
          }
        }
        return undefined;
      },
      { timeoutMs, everyMs: 10 },
    );
  }

  close(): void {
    this.socket.close();
  }
}
