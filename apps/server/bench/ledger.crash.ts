/**
 * The crash test: money answered as moved, and orders and trades answered as made, stay so exactly once,
 * whatever moment the server dies.
 *
 *   npm run crash:ledger                                      (PGlite in a temporary DATA_DIR)
 *   DATABASE_URL=postgres://… npm run crash:ledger            (a scratch database it creates and drops)
 *   npm run crash:ledger -- --operations 300 --kills 2        (the short form CI runs; also --concurrency)
 *
 * It starts the real server as a child process, `node --import tsx apps/server/src/main.ts` (what `npm start`
 * runs after building the front ends, which this does not need; `node --import tsx` rather than the `tsx` command
 * so that the process killed is the server itself, not a launcher whose child would live on), with its market
 * maker quoting every spot market. Through the HTTP API only, it registers users (codes read from the outbox),
 * creates a support and a reviewer operator, opens two deposit networks, then runs --operations
 * (CRASH_OPERATIONS, 10,000) operations, --concurrency (CRASH_CONCURRENCY, 16) in flight: transfers between
 * spot and futures, deposit declarations with their approval or rejection, system add / system debit
 * adjustments, and spot orders in BTCUSDT and ETHUSDT (limit orders resting or crossing, IOC and market orders)
 * and cancels of resting ones; each POST that moves money with an Idempotency-Key. It SIGKILLs the server --kills
 * (CRASH_KILLS, 24) times at random moments and restarts it on the same data. A request cut by a kill is sent
 * again with the same key; one that never gets an answer is counted as unknown.
 *
 * At the end it switches the maker off, waits for the books to stand still, reads each book and kills the
 * server once more. Then: the ledger check (the endpoint, then the CLI on the killed server's data); every
 * operation answered with success present exactly once in the database (journal entries by reference, deposits
 * by their request reference, orders by their key) and every refused one absent; what an order's answer showed
 * filled still filled; each trade journalled once and its orders' fills the sum of their trades; no journal
 * entry, deposit or order that no operation, trade or the maker's one-time funding explains; each user balance
 * (the maker's too) equal to the sum of the successes, the trades and that funding, its frozen part what its open
 * orders hold; and each book as the server held it equal to its rebuild from the stored live orders (the best
 * 50 levels a side, as deep as the API shows). The last line is JSON; the exit code is 1 on any violation. The
 * data folder or scratch database is kept when something broke, to inspect it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  decimalOf,
  formatAmount,
  formatDecimal,
  parseAmount,
  placesOf,
  toScale,
  toStep,
  type Units,
  unitsFromNumeric,
} from '@kestrel/money';
import { type SQL, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client';
import { IDEMPOTENCY_LEASE_SECONDS } from '../src/http/idempotency';
import { MARKET_MAKER_EMAIL } from '../src/modules/auth/market-maker-account.repository';
import { MarketBook } from '../src/modules/spot/market-book';
import { SpotRepository } from '../src/modules/spot/spot.repository';
import { MarketMath } from '../src/modules/spot/spot-math';

/** A size of the run: `--operations 300`, else CRASH_OPERATIONS, else the default. */
function sizeOption(name: string, variable: string, fallback: number): number {
  const flag = process.argv.indexOf(`--${name}`);
  const text = flag >= 0 ? process.argv[flag + 1] : process.env[variable];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${text}`);
  return value;
}

const OPERATIONS = sizeOption('operations', 'CRASH_OPERATIONS', 10_000);
const CONCURRENCY = Math.max(1, sizeOption('concurrency', 'CRASH_CONCURRENCY', 16));
const KILLS = sizeOption('kills', 'CRASH_KILLS', 24);
/** Each user's codes come from one IP, which may ask for 10 an hour; eight users keep under that. */
const USERS = 8;
/**
 * A request cut by a kill may have claimed its Idempotency-Key; a retry is answered only once the claim's
 * lease has run out, so it is sent again that long after the kill.
 */
const LEASE_MS = (IDEMPOTENCY_LEASE_SECONDS + 1) * 1000;
const ATTEMPTS = 6;
const REQUEST_TIMEOUT_MS = 30_000;

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN_EMAIL = 'crash-admin@kestrel.test';
const OPERATOR_PASSWORD = 'crash12345';
const USER_PASSWORD = 'crash1234';

type AccountName = 'spot' | 'futures';
type Asset = { code: string; chain: 'tron' | 'bitcoin'; precision: number; address: string; min: bigint };
const ASSETS: Asset[] = [
  {
    code: 'USDT',
    chain: 'tron',
    precision: 6,
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    min: 10_000_000n,
  },
  {
    code: 'BTC',
    chain: 'bitcoin',
    precision: 8,
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    min: 10_000n,
  },
];

/** The spot markets the users trade in; the maker quotes every market, and every book is compared at the end. */
const TRADED = ['BTCUSDT', 'ETHUSDT'];
/** Statuses of an order that no longer rests and will not change. */
const FINAL = new Set(['filled', 'cancelled', 'rejected']);
/** Decimal places the run computes prices and sizes in before putting them on a market's tick and lot. */
const SCALE = 18;

type User = { id: number; token: string };
type Moved = { user: User; account: AccountName; asset: Asset; units: bigint };
type Market = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  open: boolean;
};
type Depth = { bids: [string, string][]; asks: [string, string][] };
type OrderBody = {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  timeInForce?: 'GTC' | 'IOC';
  price?: string;
  size?: string;
  total?: string;
};
/** An order as its answer showed it. */
type OrderAnswer = { id: string; status: string; filledSize: string; filledTotal: string };
type Operation = { key: string } & (
  | { type: 'transfer'; user: User; from: AccountName; to: AccountName; asset: Asset; units: bigint }
  | ({ type: 'declare' } & Moved)
  | ({ type: 'approve' | 'reject'; depositId: number } & Moved)
  | ({ type: 'add' | 'debit' } & Moved)
  | { type: 'order'; user: User; body: OrderBody }
  | { type: 'cancel'; user: User; orderId: string }
);
type Outcome = 'applied' | 'refused' | 'unknown';
type Done = { operation: Operation; outcome: Outcome; retries: number; id?: string; order?: OrderAnswer };

type Answer = { status: number; body: { code: number; msg: string; data: unknown } };
/** Thrown when a request got no answer: the server died under it, or did not answer in time. */
class NoAnswer extends Error {}

const log = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const format = (units: bigint, asset: Asset) => formatAmount(units as Units, asset.precision);

function fixed(text: string): bigint {
  const value = parseAmount(text, SCALE);
  if (value === undefined) throw new RangeError(`${text} is not a decimal`);
  return value;
}

/** A value at SCALE rounded down to a multiple of `step`, written with the step's places. */
function onStep(value: bigint, step: string): string {
  const unit = decimalOf(step);
  const rounded = toStep({ units: value, scale: SCALE }, unit, 'down');
  return formatDecimal(toScale(rounded, placesOf(unit), 'down'));
}

/** The server child process: started, killed without warning, restarted on the same data. */
class ServerUnderTest {
  private child: ChildProcess | undefined;
  private readonly logFile;
  readonly baseUrl: string;
  /** Counts kills; a request that started in an earlier epoch and failed was cut by a kill. */
  epoch = 0;
  lastKillAt = 0;
  restarts = 0;
  private up: Promise<void> = Promise.resolve();

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    port: number,
    private readonly logPath: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.logFile = createWriteStream(logPath, { flags: 'a' });
  }

  /**
   * The last code sent to an account, read where development delivery writes it: the server's log (the outbox
   * keeps codes masked). The line reaches the file a moment after the answer, so this waits for it.
   */
  async codeSentTo(account: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const code = readFileSync(this.logPath, 'utf8')
        .split('\n')
        .filter((line) => line.includes('development delivery') && line.includes(JSON.stringify(account)))
        .map((line) => String((JSON.parse(line) as { text?: string }).text ?? '').match(/\b\d{6}\b/)?.[0])
        .findLast((found) => found !== undefined);
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code reached the server log for ${account}`);
      await sleep(50);
    }
  }

  async start() {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(this.logFile, { end: false });
    child.stderr.pipe(this.logFile, { end: false });
    this.child = child;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see its log`);
      const healthy = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      if (Date.now() > deadline) throw new Error('the server did not become healthy in 120 s');
      await sleep(100);
    }
  }

  /** SIGKILL, as a power cut or the OOM killer would end it, then a restart; requests wait meanwhile. */
  async killAndRestart() {
    const child = this.child;
    if (!child) throw new Error('no server to kill');
    this.epoch += 1;
    this.lastKillAt = Date.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.up = (async () => {
      child.kill('SIGKILL');
      await exited;
      await this.start();
      this.restarts += 1;
    })();
    await this.up;
  }

  ready() {
    return this.up;
  }

  /** Ends the server: SIGTERM lets it shut down; SIGKILL leaves its data as a crash would. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.logFile.end();
  }

  async call(method: string, url: string, options: { token?: string; key?: string; body?: unknown } = {}) {
    await this.ready();
    const epoch = this.epoch;
    try {
      const response = await fetch(`${this.baseUrl}${url}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: options.token } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status >= 500) {
        throw new NoAnswer(`${method} ${url}: ${response.status} ${text.slice(0, 200)} (epoch ${epoch})`);
      }
      return { status: response.status, body: JSON.parse(text) } as Answer;
    } catch (error) {
      if (error instanceof NoAnswer) throw error;
      throw new NoAnswer(`${method} ${url}: ${(error as Error).message} (epoch ${epoch})`);
    }
  }
}

/** Setup calls must succeed; they run before the first kill. */
async function expectOk(answer: Promise<Answer>, what: string) {
  const { body } = await answer;
  if (body.code !== 0) throw new Error(`${what}: ${body.code} ${body.msg}`);
  return body.data as Record<string, unknown>;
}

/** Operators enrol TOTP at their first sign-in (decision 0031); the run's operators do it as a person would. */
async function signIn(server: ServerUnderTest, email: string, password: string) {
  const data = await expectOk(
    server.call('POST', '/api/admin/auth/login', { body: { email, password } }),
    `sign in ${email}`,
  );
  const token = data.token as string;
  if (data.mustEnrolTotp) {
    const setup = await expectOk(
      server.call('POST', '/api/admin/totp/setup', { token }),
      `TOTP for ${email}`,
    );
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret as string) }).generate();
    await expectOk(
      server.call('POST', '/api/admin/totp/enable', { token, body: { code } }),
      `enrol ${email}`,
    );
  }
  return token;
}

async function prepare(server: ServerUnderTest) {
  const superAdmin = await signIn(server, ADMIN_EMAIL, OPERATOR_PASSWORD);
  const operators: Record<'support' | 'reviewer', { token: string; id: number }> = {
    support: { token: '', id: 0 },
    reviewer: { token: '', id: 0 },
  };
  for (const role of ['support', 'reviewer'] as const) {
    const email = `crash-${role}@kestrel.test`;
    const created = await expectOk(
      server.call('POST', '/api/admin/admins', {
        token: superAdmin,
        body: { email, name: `Crash ${role}`, role, password: OPERATOR_PASSWORD },
      }),
      `create the ${role}`,
    );
    operators[role] = { token: await signIn(server, email, OPERATOR_PASSWORD), id: created.id as number };
  }

  const listed = await expectOk(
    server.call('GET', '/api/admin/assets', { token: superAdmin }),
    'list assets',
  );
  // The run models adjustments as posted at once: none of its amounts waits for a second operator.
  const everyAmount = Object.fromEntries(
    (listed.assets as { code: string }[]).map((asset) => [asset.code, '1000000000000']),
  );
  await expectOk(
    server.call('PUT', '/api/admin/settings', {
      token: superAdmin,
      body: { adjustmentApprovalAbove: everyAmount, reason: 'Crash test: adjustments post at once' },
    }),
    'raise the approval amounts',
  );
  const networks = (listed.assets as { networks: { id: number; asset: string; chain: string }[] }[]).flatMap(
    (item) => item.networks,
  );
  for (const asset of ASSETS) {
    const network = networks.find((item) => item.asset === asset.code && item.chain === asset.chain);
    if (!network) throw new Error(`no ${asset.code} network on ${asset.chain}`);
    await expectOk(
      server.call('PATCH', `/api/admin/networks/${network.id}`, {
        token: superAdmin,
        body: { depositAddress: asset.address, depositEnabled: true, reason: 'Crash test deposits' },
      }),
      `open ${asset.code} deposits`,
    );
  }

  const credential = await sharp({ create: { width: 40, height: 25, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const users: User[] = [];
  const credentials = new Map<number, string>();
  for (let index = 0; index < USERS; index += 1) {
    const account = `crash${index}@example.com`;
    await expectOk(
      server.call('POST', '/api/auth/code', { body: { account, purpose: 'register' } }),
      `send a code to ${account}`,
    );
    const code = await server.codeSentTo(account);
    const session = await expectOk(
      server.call('POST', '/api/auth/register', {
        body: { account, password: USER_PASSWORD, confirmPassword: USER_PASSWORD, code, termsAccepted: true },
      }),
      `register ${account}`,
    );
    const user = { id: (session.user as { id: number }).id, token: session.token as string };
    const form = new FormData();
    form.append('purpose', 'payment_proof');
    form.append('file', new Blob([new Uint8Array(credential)], { type: 'image/jpeg' }), 'credential.jpg');
    const uploaded = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: user.token },
      body: form,
    });
    const upload = (await uploaded.json()) as Answer['body'];
    if (upload.code !== 0) throw new Error(`upload a credential: ${upload.msg}`);
    credentials.set(user.id, (upload.data as { id: string }).id);
    users.push(user);
  }
  const listedMarkets = await expectOk(
    server.call('GET', '/api/admin/markets', { token: superAdmin }),
    'list markets',
  );
  const markets = (listedMarkets.items as Market[]).map(
    ({ symbol, base, quote, tickSize, lotSize, minNotional, makerFee, takerFee, open }): Market => ({
      symbol,
      base,
      quote,
      tickSize,
      lotSize,
      minNotional,
      makerFee,
      takerFee,
      open,
    }),
  );
  const traded = markets.filter((market) => TRADED.includes(market.symbol));
  if (traded.length !== TRADED.length) throw new Error(`the markets ${TRADED.join(', ')} are not all there`);
  const prices = new IndexPrices(server, superAdmin);
  await prices.waitFor(TRADED);
  return { superAdmin, operators, users, credentials, markets, traded, prices };
}

/** The markets' index prices as the back office shows them, read again at most once a second. */
class IndexPrices {
  private readonly prices = new Map<string, bigint>();
  private readAt = 0;

  constructor(
    private readonly server: ServerUnderTest,
    private readonly token: string,
  ) {}

  private async read() {
    const listed = await expectOk(
      this.server.call('GET', '/api/admin/markets', { token: this.token }),
      'prices',
    );
    for (const item of listed.items as { symbol: string; indexPrice: string | null }[]) {
      if (item.indexPrice !== null) this.prices.set(item.symbol, fixed(item.indexPrice));
    }
  }

  /** Until each market has a price (the feed's first tick). */
  async waitFor(symbols: string[]) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      await this.read();
      if (symbols.every((symbol) => this.prices.has(symbol))) return;
      if (Date.now() > deadline) throw new Error(`no index price for ${symbols.join(', ')} in 60 s`);
      await sleep(500);
    }
  }

  /** The latest price read; a read that a kill cuts off keeps the one before. */
  get(symbol: string): bigint {
    if (Date.now() - this.readAt > 1_000) {
      this.readAt = Date.now();
      this.read().catch(() => {});
    }
    const price = this.prices.get(symbol);
    if (price === undefined) throw new Error(`no index price for ${symbol}`);
    return price;
  }
}

type Setup = Awaited<ReturnType<typeof prepare>>;

/**
 * What the operations answered as applied add up to, per user, account and asset. Only successes count, so the
 * sums do not depend on the order in which concurrent operations ran.
 */
class Model {
  private readonly sums = new Map<string, bigint>();

  static slot(userId: number, account: string, asset: string) {
    return `${userId}/${account}/${asset}`;
  }

  add(user: User, account: AccountName, asset: Asset, units: bigint) {
    const slot = Model.slot(user.id, account, asset.code);
    this.sums.set(slot, (this.sums.get(slot) ?? 0n) + units);
  }

  /** Adds to a slot directly: the maker's funding and the trades, read from the database by the audit. */
  credit(slot: string, units: bigint) {
    this.sums.set(slot, this.of(slot) + units);
  }

  get(user: User, account: AccountName, asset: Asset) {
    return this.of(Model.slot(user.id, account, asset.code));
  }

  of(slot: string) {
    return this.sums.get(slot) ?? 0n;
  }

  apply(operation: Operation) {
    switch (operation.type) {
      case 'transfer':
        this.add(operation.user, operation.from, operation.asset, -operation.units);
        this.add(operation.user, operation.to, operation.asset, operation.units);
        return;
      case 'approve':
      case 'add':
        this.add(operation.user, operation.account, operation.asset, operation.units);
        return;
      case 'debit':
        this.add(operation.user, operation.account, operation.asset, -operation.units);
        return;
      default:
        return;
    }
  }

  slots() {
    return this.sums.keys();
  }
}

/** Random amounts at the asset's precision: mostly within what the model says is there, sometimes beyond. */
function amountWithin(balance: bigint, asset: Asset) {
  if (balance <= 0n || randomInt(10) === 0)
    return asset.min * BigInt(1 + randomInt(5)) + BigInt(randomInt(997));
  return 1n + (BigInt(randomInt(1_000_000)) * balance) / 2_000_000n;
}

function depositAmount(asset: Asset) {
  return asset.min * BigInt(1 + randomInt(100)) + BigInt(randomInt(1_000_000));
}

class CrashRun {
  readonly model = new Model();
  readonly done: Done[] = [];
  private generated = 0;
  private readonly decisions: Operation[] = [];
  private readonly retries: { operation: Operation; retries: number; dueAt: number }[] = [];
  /** Orders answered as resting and not cancelled by the run since: what a cancel picks from. */
  private readonly resting = new Map<string, User>();
  private inFlight = 0;
  retried = 0;
  cutByKills = 0;
  unanswered = 0;
  private stopped = false;

  constructor(
    private readonly server: ServerUnderTest,
    private readonly setup: Setup,
  ) {}

  get finished() {
    return this.done.length;
  }

  private next(): { operation: Operation; retries: number } | undefined {
    const due = this.retries.findIndex((item) => item.dueAt <= Date.now());
    if (due >= 0) return this.retries.splice(due, 1)[0];
    if (this.generated >= OPERATIONS) return undefined;
    this.generated += 1;
    const decision = this.decisions.length > 0 && randomInt(2) === 0 ? this.decisions.shift() : undefined;
    return { operation: decision ?? this.invent(), retries: 0 };
  }

  private invent(): Operation {
    const user = pick(this.setup.users);
    const asset = randomInt(4) === 0 ? (ASSETS[1] as Asset) : (ASSETS[0] as Asset);
    const account = pick(['spot', 'futures'] as const);
    const key = randomUUID();
    const roll = randomInt(100);
    if (roll < 25) {
      const to = account === 'spot' ? 'futures' : 'spot';
      const units = amountWithin(this.model.get(user, account, asset), asset);
      return { type: 'transfer', key, user, from: account, to, asset, units };
    }
    if (roll < 43) return { type: 'declare', key, user, account, asset, units: depositAmount(asset) };
    if (roll < 55) return { type: 'add', key, user, account, asset, units: depositAmount(asset) };
    if (roll < 88) {
      // Trading needs quote money on the spot account: a user short of it is given some first.
      const usdt = ASSETS[0] as Asset;
      if (this.model.get(user, 'spot', usdt) < 200n * 10n ** BigInt(usdt.precision)) {
        return { type: 'add', key, user, account: 'spot', asset: usdt, units: depositAmount(usdt) };
      }
      return { type: 'order', key, user, body: this.inventOrder() };
    }
    if (roll < 95) {
      const resting = [...this.resting];
      if (resting.length > 0) {
        const [orderId, owner] = pick(resting);
        this.resting.delete(orderId);
        return { type: 'cancel', key, user: owner, orderId };
      }
    }
    return {
      type: 'debit',
      key,
      user,
      account,
      asset,
      units: amountWithin(this.model.get(user, account, asset), asset),
    };
  }

  /**
   * A limit order resting behind the index or crossing it (GTC), an IOC that takes what it can at up to 0.3 %
   * through the index, or a market order; each for 12 to 200 USDT.
   */
  private inventOrder(): OrderBody {
    const market = pick(this.setup.traded);
    const index = this.setup.prices.get(market.symbol);
    const side = pick(['buy', 'sell'] as const);
    const usdt = String(12 + randomInt(189));
    const notional = fixed(usdt);
    const sizeAt = (price: bigint) => {
      const size = onStep((notional * 10n ** BigInt(SCALE)) / price, market.lotSize);
      return fixed(size) > 0n ? size : market.lotSize;
    };
    const roll = randomInt(10);
    if (roll < 2) {
      if (side === 'buy') return { symbol: market.symbol, side, type: 'market', total: usdt };
      return { symbol: market.symbol, side, type: 'market', size: sizeAt(index) };
    }
    const timeInForce = roll < 5 ? 'IOC' : 'GTC';
    // Towards the other side is positive: a buy 10 bp above the index crosses the maker's 5 bp asks; most GTC
    // orders rest 10 to 40 bp behind the index, so the books end with levels of people's orders to compare.
    const bps = timeInForce === 'IOC' ? 5 + randomInt(26) : 10 * (1 - randomInt(5));
    const signed = BigInt(side === 'buy' ? bps : -bps);
    const price = onStep((index * (10_000n + signed)) / 10_000n, market.tickSize);
    return { symbol: market.symbol, side, type: 'limit', timeInForce, price, size: sizeAt(fixed(price)) };
  }

  /** Sends one operation once: its outcome, or NoAnswer when the server died under it. */
  private async send(operation: Operation): Promise<{ outcome: Outcome; id?: string; data?: unknown }> {
    const { support, reviewer } = this.setup.operators;
    const { key } = operation;
    let answer: Answer;
    switch (operation.type) {
      case 'transfer':
        answer = await this.server.call('POST', '/api/wallet/transfer', {
          token: operation.user.token,
          key,
          body: {
            from: operation.from,
            to: operation.to,
            asset: operation.asset.code,
            amount: format(operation.units, operation.asset),
          },
        });
        break;
      case 'declare':
        answer = await this.server.call('POST', '/api/wallet/deposits', {
          token: operation.user.token,
          key,
          body: {
            asset: operation.asset.code,
            chain: operation.asset.chain,
            account: operation.account,
            amount: format(operation.units, operation.asset),
            credentialUploadId: this.setup.credentials.get(operation.user.id),
          },
        });
        break;
      case 'approve':
      case 'reject': {
        // Deciding is idempotent by the deposit itself (its row is locked and must be pending); the key is
        // sent as every money POST sends one, and the route does not need it.
        const url = `/api/admin/deposits/${operation.depositId}/${operation.type}`;
        const body = operation.type === 'approve' ? {} : { reason: 'Crash test: not received' };
        answer = await this.server.call('POST', url, { token: reviewer.token, key, body });
        if (answer.body.code === 5101) return this.decidedEarlier(operation);
        break;
      }
      case 'add':
      case 'debit':
        answer = await this.server.call('POST', `/api/admin/users/${operation.user.id}/adjustments`, {
          token: support.token,
          key,
          body: {
            direction: operation.type,
            account: operation.account,
            asset: operation.asset.code,
            amount: format(operation.units, operation.asset),
            reason: 'Crash test adjustment',
          },
        });
        break;
      case 'order':
        answer = await this.server.call('POST', '/api/spot/orders', {
          token: operation.user.token,
          key,
          body: operation.body,
        });
        // Too little to pay for it, or a market sell worth less than the minimum at a moved index.
        if (answer.body.code === 7104) return { outcome: 'refused' };
        break;
      case 'cancel':
        // Cancelling is idempotent by the order itself; a retry after a kill may find it cancelled by the cut
        // attempt, or filled meanwhile: either way it is final, which the audit checks.
        answer = await this.server.call('POST', `/api/spot/orders/${operation.orderId}/cancel`, {
          token: operation.user.token,
        });
        if (answer.body.code === 7105) return { outcome: 'refused' };
        break;
    }
    if (answer.body.code === 0) {
      const data = answer.body.data as { id: number | string };
      return { outcome: 'applied', id: String(data.id), data };
    }
    // A lease still held by the attempt a kill cut off: not an answer yet.
    if (answer.body.code === 1410) throw new NoAnswer(`${operation.type} ${key}: key still claimed`);
    if (answer.body.code === 6001) return { outcome: 'refused' };
    throw new Error(
      `${operation.type} ${key} was refused unexpectedly: ${answer.body.code} ${answer.body.msg}`,
    );
  }

  /** A decision retried after a kill finds the deposit decided: by the cut attempt, if it is the same decision. */
  private async decidedEarlier(operation: Operation & { depositId: number }) {
    const answer = await this.server.call('GET', `/api/admin/deposits/${operation.depositId}`, {
      token: this.setup.operators.reviewer.token,
    });
    const status = (answer.body.data as { status?: string } | null)?.status;
    const wanted = operation.type === 'approve' ? 'approved' : 'rejected';
    if (status !== wanted) {
      throw new Error(`deposit ${operation.depositId} is ${status}, though only ${operation.type} was sent`);
    }
    return { outcome: 'applied' as const, id: String(operation.depositId) };
  }

  private record(operation: Operation, outcome: Outcome, retries: number, id?: string, data?: unknown) {
    const order =
      operation.type === 'order' || operation.type === 'cancel' ? (data as OrderAnswer) : undefined;
    this.done.push({ operation, outcome, retries, id, order });
    if (outcome !== 'applied') return;
    this.model.apply(operation);
    if (operation.type === 'order' && order && !FINAL.has(order.status)) {
      this.resting.set(order.id, operation.user);
    }
    if (operation.type === 'declare') {
      const depositId = (data as { id: number } | undefined)?.id ?? Number(id);
      this.decisions.push({
        ...operation,
        type: randomInt(5) === 0 ? 'reject' : 'approve',
        key: randomUUID(),
        depositId,
      });
    }
  }

  private async worker() {
    for (;;) {
      const item = this.next();
      if (!item) {
        if (this.inFlight === 0 && this.retries.length === 0) return;
        await sleep(200);
        continue;
      }
      this.inFlight += 1;
      const epoch = this.server.epoch;
      try {
        const result = await this.send(item.operation);
        this.record(item.operation, result.outcome, item.retries, result.id, result.data);
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        if (this.server.epoch === epoch) {
          // No kill explains it: a server error, a timeout or a claim still held; shown, then retried.
          this.unanswered += 1;
          if (this.unanswered <= 10) log(`no answer without a kill: ${error.message}`);
        } else if (item.retries === 0) {
          this.cutByKills += 1;
        }
        if (item.retries + 1 >= ATTEMPTS) {
          this.record(item.operation, 'unknown', item.retries);
        } else {
          this.retried += 1;
          // Every keyed request a kill cut off may still hold its key's lease, so the retry waits it out.
          const dueAt = this.server.lastKillAt + LEASE_MS;
          this.retries.push({ operation: item.operation, retries: item.retries + 1, dueAt });
        }
      } finally {
        this.inFlight -= 1;
      }
    }
  }

  /** Kills the server as the finished count passes each random point, a random moment into the next request. */
  private async killer(points: number[]) {
    for (const point of points) {
      while (this.finished < point) {
        if (this.stopped) return;
        await sleep(5);
      }
      await sleep(randomInt(150));
      const killedAt = performance.now();
      await this.server.killAndRestart();
      const seconds = ((performance.now() - killedAt) / 1000).toFixed(1);
      log(
        `kill ${this.server.epoch}/${points.length} after ${this.finished} operations; restarted in ${seconds} s`,
      );
    }
  }

  async run(kills: number) {
    const points = Array.from({ length: kills }, () =>
      Math.floor(OPERATIONS * 0.02 + Math.random() * OPERATIONS * 0.9),
    ).sort((a, b) => a - b);
    // The workers end the run; should one fail, the killer stops too instead of waiting for its next point.
    const workers = Promise.all(Array.from({ length: CONCURRENCY }, () => this.worker())).finally(() => {
      this.stopped = true;
    });
    await Promise.all([this.killer(points), workers]);
  }
}

/**
 * Switches the maker off in every market and waits until no book has changed for three reads in a row: with
 * no one trading, each book as the server holds it is then compared with its rebuild from the database.
 */
async function quietBooks(server: ServerUnderTest, setup: Setup): Promise<Map<string, Depth>> {
  for (const market of setup.markets) {
    await expectOk(
      server.call('PATCH', `/api/admin/markets/${market.symbol}`, {
        token: setup.superAdmin,
        body: { marketMaker: false, reason: 'Crash test: books compared with their rebuild' },
      }),
      `switch the maker off in ${market.symbol}`,
    );
  }
  const deadline = Date.now() + 60_000;
  let previous = '';
  let unchanged = 0;
  for (;;) {
    const books = new Map<string, Depth>();
    for (const market of setup.markets) {
      const depth = await expectOk(
        server.call('GET', `/api/markets/${market.symbol}/depth?levels=${DEPTH_LEVELS}`),
        `the ${market.symbol} book`,
      );
      books.set(market.symbol, { bids: depth.bids as Depth['bids'], asks: depth.asks as Depth['asks'] });
    }
    const seen = JSON.stringify([...books]);
    unchanged = seen === previous ? unchanged + 1 : 0;
    if (unchanged >= 3) return books;
    previous = seen;
    if (Date.now() > deadline)
      throw new Error('the books still changed 60 s after the maker was switched off');
    await sleep(300);
  }
}

/** The deepest view of a book the API gives (DEPTH_MAX_LEVELS), on each side. */
const DEPTH_LEVELS = 50;

/** Operations whose answer carries the id of what they stored (a journal entry, a deposit). */
const ANSWERS_ITS_RECORD = new Set<Operation['type']>(['transfer', 'add', 'debit', 'declare', 'order']);

type Journal = { id: string; kind: string; reference: string };
type DepositRow = { id: number; status: string; request_reference: string };
type OrderRow = {
  id: string;
  user_id: number;
  symbol: string;
  side: string;
  type: string;
  status: string;
  reference: string | null;
  size: string | null;
  filled_size: string;
  filled_total: string;
};
type TradeRow = {
  symbol: string;
  taker_order_id: string;
  maker_order_id: string;
  taker_user_id: number;
  maker_user_id: number;
  taker_side: string;
  size: string;
  quote_amount: string;
  maker_fee: string;
  taker_fee: string;
  trade_key: string;
  transaction_id: string;
};
type Funding = {
  id: string;
  reference: string;
  user_id: number;
  purpose: string;
  asset: string;
  amount: string;
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function grouped<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

const showDepth = (depth: Depth) =>
  `bids ${depth.bids.map(([price, size]) => `${size}@${price}`).join(' ') || '-'}, asks ${
    depth.asks.map(([price, size]) => `${size}@${price}`).join(' ') || '-'
  }`;

/**
 * Each operation against the stored journal, deposits, orders and trades: present once if applied, absent if
 * refused. Every journal entry is explained by an operation, a trade or the maker's funding; each balance is
 * what those add up to, its frozen part what its open orders hold; each book is its rebuild from the database.
 */
async function audit(run: CrashRun, setup: Setup, env: NodeJS.ProcessEnv, books: Map<string, Depth>) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  try {
    const read = async <T>(query: SQL) => rowsOf<T>(await database.db.execute(query));
    const journal = await read<Journal>(
      sql`select id::text as id, kind, reference from journal_transactions`,
    );
    const deposits = await read<DepositRow>(sql`select id, status, request_reference from deposits`);
    const balances = await read<{
      user_id: number;
      purpose: string;
      asset: string;
      available: string;
      frozen: string;
    }>(sql`
        select a.user_id, a.purpose, b.asset, b.available::text as available, b.frozen::text as frozen
        from balances b join ledger_accounts a on a.id = b.account_id where a.user_id is not null`);
    const reserved = await read<{ user_id: number; purpose: string; asset: string; frozen: string }>(sql`
        select a.user_id, a.purpose, r.asset, sum(r.amount - r.consumed)::text as frozen
        from reservations r join ledger_accounts a on a.id = r.account_id
        where r.status = 'open' and a.user_id is not null group by a.user_id, a.purpose, r.asset`);
    const orders = await read<OrderRow>(sql`
        select id::text as id, user_id, symbol, side, type, status, reference, size::text as size,
          filled_size::text as filled_size, filled_total::text as filled_total
        from spot_orders`);
    const trades = await read<TradeRow>(sql`
        select symbol, taker_order_id::text as taker_order_id, maker_order_id::text as maker_order_id,
          taker_user_id, maker_user_id, taker_side, size::text as size, quote_amount::text as quote_amount,
          maker_fee::text as maker_fee, taker_fee::text as taker_fee, trade_key,
          transaction_id::text as transaction_id
        from spot_trades`);
    const funding = await read<Funding>(sql`
        select t.id::text as id, t.reference, a.user_id, a.purpose, p.asset, p.amount::text as amount
        from journal_transactions t
        join postings p on p.transaction_id = t.id
        join ledger_accounts a on a.id = p.account_id
        where t.kind = 'system_add' and t.reference like 'market-maker:%' and a.user_id is not null`);
    const precision = new Map(
      (await read<{ code: string; precision: number }>(sql`select code, precision from assets`)).map(
        (row) => [row.code, Number(row.precision)],
      ),
    );
    const [maker] = await read<{ id: number }>(sql`select id from users where email = ${MARKET_MAKER_EMAIL}`);
    const digitsOf = (asset: string) => {
      const digits = precision.get(asset);
      if (digits === undefined) throw new Error(`asset ${asset} is not in the ledger`);
      return digits;
    };

    const journalByRef = grouped(journal, (entry) => `${entry.kind} ${entry.reference}`);
    const depositsByRef = grouped(deposits, (row) => row.request_reference);
    const depositById = new Map(deposits.map((row) => [row.id, row]));
    const ordersByRef = grouped(orders, (row) => `${row.user_id} ${row.reference}`);
    const orderById = new Map(orders.map((row) => [row.id, row]));
    const explainedJournal = new Set<string>();
    const explainedDeposits = new Set<number>();
    const explainedOrders = new Set<string>();
    const problems: string[] = [];
    let missing = 0;
    let duplicated = 0;
    let unknownApplied = 0;
    let unexplained = 0;

    /** The stored trace of an operation: the journal entries, deposit rows or orders it should have made. */
    const traceOf = (
      operation: Operation,
    ): { found: { id: string }[]; kind: 'journal' | 'deposit' | 'order' } => {
      const adminRef = `admin:${setup.operators.support.id}:${operation.key}`;
      switch (operation.type) {
        case 'transfer':
          return {
            found: journalByRef.get(`transfer ${operation.user.id}:${operation.key}`) ?? [],
            kind: 'journal',
          };
        case 'add':
          return { found: journalByRef.get(`system_add ${adminRef}`) ?? [], kind: 'journal' };
        case 'debit':
          return { found: journalByRef.get(`system_debit ${adminRef}`) ?? [], kind: 'journal' };
        case 'approve':
          return { found: journalByRef.get(`deposit deposit:${operation.depositId}`) ?? [], kind: 'journal' };
        case 'reject': {
          const row = depositById.get(operation.depositId);
          return { found: row?.status === 'rejected' ? [{ id: String(row.id) }] : [], kind: 'deposit' };
        }
        case 'declare': {
          const rows = depositsByRef.get(`${operation.user.id}:${operation.key}`) ?? [];
          return { found: rows.map((row) => ({ id: String(row.id) })), kind: 'deposit' };
        }
        case 'order':
          return {
            found: ordersByRef.get(`${operation.user.id} ${operation.user.id}:${operation.key}`) ?? [],
            kind: 'order',
          };
        case 'cancel': {
          const row = orderById.get(operation.orderId);
          return { found: row?.status === 'cancelled' ? [row] : [], kind: 'order' };
        }
      }
    };

    for (const item of run.done) {
      const { operation } = item;
      const { found, kind } = traceOf(operation);
      for (const entry of found) {
        if (kind === 'journal') explainedJournal.add(entry.id);
        else if (operation.type === 'declare') explainedDeposits.add(Number(entry.id));
        else if (operation.type === 'order') explainedOrders.add(entry.id);
      }
      const name = `${operation.type} ${operation.key}`;
      if (operation.type === 'cancel' && item.outcome === 'refused') {
        // Refused as no longer cancellable: cancelled by an attempt a kill cut off, or filled.
        const status = orderById.get(operation.orderId)?.status ?? 'missing';
        if (!FINAL.has(status))
          problems.push(`${name}: refused as final, but order ${operation.orderId} is ${status}`);
        continue;
      }
      if (item.outcome === 'applied') {
        if (found.length === 0) {
          missing += 1;
          problems.push(`missing: ${name} was answered with success (${item.id}) but is not stored`);
        } else if (found.length > 1) {
          duplicated += 1;
          problems.push(`duplicated: ${name} is stored ${found.length} times`);
        } else if (ANSWERS_ITS_RECORD.has(operation.type) && found[0]?.id !== item.id) {
          problems.push(`${name} answered ${item.id} but stored ${found[0]?.id}`);
        }
        const stored = item.order && orderById.get(item.order.id);
        if (item.order && stored) {
          // What the answer showed filled stays filled; an answer showing the order final is how it stays.
          const filled = fixed(stored.filled_size);
          const answered = fixed(item.order.filledSize);
          if (
            filled < answered ||
            (FINAL.has(item.order.status) && (filled !== answered || stored.status !== item.order.status))
          ) {
            problems.push(
              `${name}: answered ${item.order.status} with ${item.order.filledSize} filled, stored ${stored.status} with ${stored.filled_size}`,
            );
          }
        }
      } else if (item.outcome === 'refused' && found.length > 0) {
        problems.push(`applied though refused: ${name}`);
      } else if (item.outcome === 'unknown' && found.length > 0) {
        // Never answered, yet it took effect: the model counts it, as the user would see it in the records.
        unknownApplied += 1;
        run.model.apply(operation);
      }
    }

    // The maker's funding: one credit per asset to its own spot account, its USDT as configured.
    const fundedTimes = new Map<string, number>();
    for (const entry of funding) {
      explainedJournal.add(entry.id);
      const asset = entry.reference.slice('market-maker:'.length);
      fundedTimes.set(asset, (fundedTimes.get(asset) ?? 0) + 1);
      if (entry.user_id !== maker?.id || entry.purpose !== 'spot' || entry.asset !== asset) {
        problems.push(
          `maker funding ${entry.reference} went to ${entry.user_id}/${entry.purpose}/${entry.asset}`,
        );
      }
      run.model.credit(
        Model.slot(entry.user_id, entry.purpose, entry.asset),
        unitsFromNumeric(entry.amount, digitsOf(entry.asset)),
      );
    }
    const quoteFunds = process.env.MARKET_MAKER_QUOTE_FUNDS ?? '5000000';
    for (const asset of new Set(setup.markets.flatMap((market) => [market.base, market.quote]))) {
      const times = fundedTimes.get(asset) ?? 0;
      const isQuote = setup.markets.some((market) => market.quote === asset);
      if (times > 1 || (isQuote && times !== 1))
        problems.push(`the maker's ${asset} funding is stored ${times} times`);
    }
    for (const entry of funding) {
      const isQuote = setup.markets.some((market) => market.quote === entry.asset);
      if (isQuote && fixed(entry.amount) !== fixed(quoteFunds)) {
        problems.push(`the maker was funded ${entry.amount} ${entry.asset}, not ${quoteFunds}`);
      }
    }
    for (const row of orders) {
      if (explainedOrders.has(row.id)) continue;
      if (row.user_id === maker?.id && row.reference?.startsWith('market-maker:')) continue;
      unexplained += 1;
      problems.push(`unexplained order ${row.id} of user ${row.user_id} (${row.reference})`);
    }

    // Trades: each of two stored orders of its market, journalled once under its key; its money moves the model.
    const marketOf = new Map(setup.markets.map((market) => [market.symbol, market]));
    const fills = new Map<string, { size: bigint; total: bigint }>();
    const fill = (orderId: string, size: bigint, total: bigint) => {
      const sum = fills.get(orderId) ?? { size: 0n, total: 0n };
      fills.set(orderId, { size: sum.size + size, total: sum.total + total });
    };
    for (const trade of trades) {
      const entries = journalByRef.get(`trade ${trade.trade_key}`) ?? [];
      for (const entry of entries) explainedJournal.add(entry.id);
      if (entries.length !== 1 || entries[0]?.id !== trade.transaction_id) {
        problems.push(
          `trade ${trade.trade_key} is journalled ${entries.length} times, not once as ${trade.transaction_id}`,
        );
      }
      const taker = orderById.get(trade.taker_order_id);
      const makerOrder = orderById.get(trade.maker_order_id);
      const market = marketOf.get(trade.symbol);
      if (
        !taker ||
        !makerOrder ||
        !market ||
        trade.trade_key !== `trade:${taker.id}:${makerOrder.id}` ||
        taker.user_id !== trade.taker_user_id ||
        makerOrder.user_id !== trade.maker_user_id ||
        taker.symbol !== trade.symbol ||
        makerOrder.symbol !== trade.symbol ||
        taker.side !== trade.taker_side ||
        makerOrder.side === taker.side
      ) {
        problems.push(`trade ${trade.trade_key} does not match its orders`);
        continue;
      }
      fill(taker.id, fixed(trade.size), fixed(trade.quote_amount));
      fill(makerOrder.id, fixed(trade.size), fixed(trade.quote_amount));
      const baseDigits = digitsOf(market.base);
      const quoteDigits = digitsOf(market.quote);
      const size = unitsFromNumeric(trade.size, baseDigits);
      const quote = unitsFromNumeric(trade.quote_amount, quoteDigits);
      const takerBuys = trade.taker_side === 'buy';
      const buyer = takerBuys ? trade.taker_user_id : trade.maker_user_id;
      const seller = takerBuys ? trade.maker_user_id : trade.taker_user_id;
      // Fees are taken from what each side receives: the buyer's in base, the seller's in quote.
      const buyerFee = unitsFromNumeric(takerBuys ? trade.taker_fee : trade.maker_fee, baseDigits);
      const sellerFee = unitsFromNumeric(takerBuys ? trade.maker_fee : trade.taker_fee, quoteDigits);
      run.model.credit(Model.slot(buyer, 'spot', market.base), size - buyerFee);
      run.model.credit(Model.slot(buyer, 'spot', market.quote), -quote);
      run.model.credit(Model.slot(seller, 'spot', market.base), -size);
      run.model.credit(Model.slot(seller, 'spot', market.quote), quote - sellerFee);
    }
    let misfilled = 0;
    for (const row of orders) {
      const sum = fills.get(row.id) ?? { size: 0n, total: 0n };
      const overfilled = row.size !== null && fixed(row.filled_size) > fixed(row.size);
      if (overfilled || sum.size !== fixed(row.filled_size) || sum.total !== fixed(row.filled_total)) {
        misfilled += 1;
        problems.push(
          `order ${row.id} of ${row.size ?? 'a total'} says ${row.filled_size} filled for ${row.filled_total}, its trades ${formatAmount(sum.size as Units, SCALE)} for ${formatAmount(sum.total as Units, SCALE)}`,
        );
      }
    }

    // Money moved, or a deposit declared, that nothing accounts for: a duplicate under another reference.
    for (const entry of journal) {
      if (explainedJournal.has(entry.id)) continue;
      // The maker also quotes the perpetuals from its futures account, which this run's model (money and spot)
      // leaves out: its one funding and that account are not audited here.
      if (entry.kind === 'system_add' && entry.reference === 'futures-market-maker:USDT') continue;
      unexplained += 1;
      problems.push(`unexplained journal entry ${entry.kind} ${entry.reference}`);
    }
    for (const row of deposits) {
      if (explainedDeposits.has(row.id)) continue;
      unexplained += 1;
      problems.push(`unexplained deposit ${row.id} ${row.request_reference}`);
    }

    let balanceMismatches = 0;
    const stored = new Map<string, { available: string; frozen: string }>();
    for (const row of balances) stored.set(Model.slot(row.user_id, row.purpose, row.asset), row);
    const frozenBy = new Map(
      reserved.map((row) => [Model.slot(row.user_id, row.purpose, row.asset), row.frozen]),
    );
    const slots = new Set([...stored.keys(), ...run.model.slots()]);
    for (const slot of slots) {
      if (maker && slot.startsWith(`${maker.id}/futures/`)) continue;
      const row = stored.get(slot);
      const digits = digitsOf(slot.split('/')[2] ?? '');
      const expected = run.model.of(slot);
      const expectedFrozen = unitsFromNumeric(frozenBy.get(slot) ?? '0', digits);
      const available = row ? unitsFromNumeric(row.available, digits) : 0n;
      const frozen = row ? unitsFromNumeric(row.frozen, digits) : 0n;
      if (available + frozen !== expected || frozen !== expectedFrozen) {
        balanceMismatches += 1;
        problems.push(
          `balance ${slot}: stored ${available}+${frozen} frozen, the successes and trades sum to ${expected} with ${expectedFrozen} held by open orders`,
        );
      }
    }

    // Each book as the server held it against the book a restart would rebuild from the stored live orders.
    let bookMismatches = 0;
    const repository = new SpotRepository(database.db);
    for (const market of setup.markets) {
      const held = books.get(market.symbol);
      const book = new MarketBook(
        new MarketMath(market, digitsOf(market.base), digitsOf(market.quote)),
        () => 0,
        0n,
      );
      let rebuilt: Depth;
      try {
        const unmatched = book.rebuild(await repository.liveOrders(market.symbol));
        if (unmatched.length > 0)
          problems.push(`${market.symbol}: ${unmatched.length} orders accepted but never matched`);
        rebuilt = book.depth(DEPTH_LEVELS);
      } catch (error) {
        bookMismatches += 1;
        problems.push(`book ${market.symbol} cannot be rebuilt: ${(error as Error).message}`);
        continue;
      }
      if (!held || JSON.stringify([held.bids, held.asks]) !== JSON.stringify([rebuilt.bids, rebuilt.asks])) {
        bookMismatches += 1;
        problems.push(
          `book ${market.symbol}: the server held ${held ? showDepth(held) : 'nothing'}; rebuilt from the database, ${showDepth(rebuilt)}`,
        );
      }
    }
    return {
      problems,
      missing,
      duplicated,
      unknownApplied,
      unexplained,
      balanceMismatches,
      misfilled,
      bookMismatches,
      journalEntries: journal.length,
      depositRows: deposits.length,
      orders: orders.length,
      trades: trades.length,
      restingLevels: [...books.values()].reduce(
        (sum, depth) => sum + depth.bids.length + depth.asks.length,
        0,
      ),
    };
  } finally {
    await database.close();
  }
}

function ledgerCheckCli(env: NodeJS.ProcessEnv): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/ledger-check.ts'],
      { cwd: root, env },
      (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function main() {
  const started = performance.now();
  const serverUrl = process.env.DATABASE_URL;
  const folder = mkdtempSync(path.join(tmpdir(), 'kestrel-crash-'));
  let scratch: { admin: pg.Client; name: string } | undefined;
  // One server, alone: a REDIS_URL from the environment would make it one node of several, sharing its limits
  // with every other run on that Redis.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: folder,
    WEB_DIST: path.join(folder, 'no-web'),
    // Info, for the codes development delivery writes to the log.
    LOG_LEVEL: 'info',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: OPERATOR_PASSWORD,
  };
  if (serverUrl) {
    const name = `kestrel_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    scratch = { admin, name };
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  const where = scratch ? `PostgreSQL database ${scratch.name}` : `PGlite in ${folder}`;
  log(`crash test on ${where}: ${OPERATIONS} operations, ${CONCURRENCY} in flight, ${KILLS} kills`);
  const server = new ServerUnderTest(env, Number(env.PORT), path.join(folder, 'server.log'));
  let violations = 1;
  try {
    await server.start();
    log(`server up in ${Math.round((performance.now() - started) / 1000)} s`);
    const setup = await prepare(server);
    log(
      `set up in ${Math.round((performance.now() - started) / 1000)} s: ${setup.users.length} users, a support and a reviewer operator, USDT and BTC deposits`,
    );
    const run = new CrashRun(server, setup);
    const load = performance.now();
    await run.run(KILLS);
    const loadSeconds = (performance.now() - load) / 1000;
    const books = await quietBooks(server, setup);
    const check = await server.call('GET', '/api/admin/ledger/check', { token: setup.superAdmin });
    const endpoint = check.body.data as { ok: boolean; problems: unknown[]; counts: unknown };
    // Killed, not stopped: a stopping maker would cancel its quotes, and the data is left as a crash leaves it.
    await server.stop('SIGKILL');
    const cli = await ledgerCheckCli(env);
    const result = await audit(run, setup, env, books);

    const count = (outcome: Outcome) => run.done.filter((item) => item.outcome === outcome).length;
    const perType = new Map<string, number>();
    for (const item of run.done.filter((entry) => entry.outcome === 'applied')) {
      perType.set(item.operation.type, (perType.get(item.operation.type) ?? 0) + 1);
    }
    for (const problem of result.problems.slice(0, 50)) log(`VIOLATION ${problem}`);
    if (!cli.ok) log(cli.output);
    if (!endpoint.ok) log(`ledger check endpoint: ${JSON.stringify(endpoint.problems)}`);
    violations = result.problems.length + (cli.ok ? 0 : 1) + (endpoint.ok ? 0 : 1);
    const summary = {
      operations: run.done.length,
      succeeded: count('applied'),
      refused: count('refused'),
      unknown: count('unknown'),
      unknown_applied: result.unknownApplied,
      cut_by_kills: run.cutByKills,
      no_answer_without_kill: run.unanswered,
      retries: run.retried,
      kills: server.epoch,
      restarts: server.restarts,
      missing: result.missing,
      duplicated: result.duplicated,
      unexplained: result.unexplained,
      balance_mismatches: result.balanceMismatches,
      misfilled_orders: result.misfilled,
      book_mismatches: result.bookMismatches,
      violations,
      ledger_ok: endpoint.ok && cli.ok,
      journal_entries: result.journalEntries,
      deposits: result.depositRows,
      orders: result.orders,
      trades: result.trades,
      resting_levels: result.restingLevels,
      load_seconds: Math.round(loadSeconds),
      total_seconds: Math.round((performance.now() - started) / 1000),
    };
    log(`succeeded by type: ${[...perType].map(([type, n]) => `${type} ${n}`).join(', ')}`);
    log(
      `${summary.operations} operations in ${summary.load_seconds} s: ${summary.succeeded} succeeded, ${summary.refused} refused (funds short, an order below the minimum, a cancel too late), ${summary.unknown} unknown; ${summary.cut_by_kills} cut by kills, ${summary.retries} retries; ${summary.kills} kills, ${summary.restarts} restarts`,
    );
    log(
      `${summary.orders} orders, ${summary.trades} trades, ${summary.resting_levels} book levels compared with their rebuild`,
    );
    log(
      `missing ${summary.missing}, duplicated ${summary.duplicated}, unexplained ${summary.unexplained}, balance mismatches ${summary.balance_mismatches}, misfilled orders ${summary.misfilled_orders}, book mismatches ${summary.book_mismatches}, violations ${violations}, ledger check ${summary.ledger_ok ? 'ok' : 'FAILED'}`,
    );
    log(JSON.stringify(summary));
  } finally {
    await server.stop();
    if (violations === 0) {
      rmSync(folder, { recursive: true, force: true });
    } else {
      log(`kept for inspection: ${folder}${scratch ? ` and database ${scratch.name}` : ''}`);
    }
    if (scratch) {
      if (violations === 0) await scratch.admin.query(`drop database ${scratch.name} with (force)`);
      await scratch.admin.end();
    }
  }
  process.exitCode = violations === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `crash test failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  process.exitCode = 1;
});
