/**
 * The ledger crash test: money answered as moved stays moved exactly once, whatever moment the server dies.
 *
 *   npm run crash:ledger                                      (PGlite in a temporary DATA_DIR)
 *   DATABASE_URL=postgres://… npm run crash:ledger            (a scratch database it creates and drops)
 *
 * It starts the real server as a child process, `node --import tsx apps/server/src/main.ts` (what `npm start`
 * runs after building the front ends, which this does not need; `node --import tsx` rather than the `tsx` command
 * so that the process killed is the server itself, not a launcher whose child would live on). Through the HTTP
 * API only, it registers users (codes read from the outbox), creates a support and a reviewer operator, opens
 * two deposit networks, then runs CRASH_OPERATIONS (10,000) money operations, CRASH_CONCURRENCY (16) in flight:
 * transfers between spot and futures, deposit declarations with their approval or rejection, and system
 * add / system debit adjustments, each POST with an Idempotency-Key. It SIGKILLs the server CRASH_KILLS (24)
 * times at random moments and restarts it on the same data. A request cut by a kill is sent again with the same
 * key; one that never gets an answer is counted as unknown.
 *
 * At the end: the ledger check (the endpoint, then the CLI on the stopped server's data), every operation
 * answered with success present exactly once in the database (journal entries by reference, deposits by their
 * request reference), every refused one absent, no journal entry or deposit that no operation explains, and
 * each user balance equal to the sum of the successful operations. The last line is JSON; the exit code is 1
 * on any violation. The data folder or scratch database is kept when something broke, to inspect it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { formatAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client';

const OPERATIONS = Number(process.env.CRASH_OPERATIONS ?? 10_000);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 16);
const KILLS = Number(process.env.CRASH_KILLS ?? 24);
/** Each user's codes come from one IP, which may ask for 10 an hour; eight users keep under that. */
const USERS = 8;
/**
 * A request cut by a kill may have claimed its Idempotency-Key; a retry is answered only once the claim's
 * lease (60 s in http/idempotency.ts) has run out, so it is sent again that long after the kill.
 */
const LEASE_MS = 61_000;
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

type User = { id: number; token: string };
type Moved = { user: User; account: AccountName; asset: Asset; units: bigint };
type Operation = { key: string } & (
  | { type: 'transfer'; user: User; from: AccountName; to: AccountName; asset: Asset; units: bigint }
  | ({ type: 'declare' } & Moved)
  | ({ type: 'approve' | 'reject'; depositId: number } & Moved)
  | ({ type: 'add' | 'debit' } & Moved)
);
type Outcome = 'applied' | 'refused' | 'unknown';
type Done = { operation: Operation; outcome: Outcome; retries: number; id?: string };

type Answer = { status: number; body: { code: number; msg: string; data: unknown } };
/** Thrown when a request got no answer: the server died under it, or did not answer in time. */
class NoAnswer extends Error {}

const log = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const format = (units: bigint, asset: Asset) => formatAmount(units as Units, asset.precision);

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
    logPath: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.logFile = createWriteStream(logPath, { flags: 'a' });
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

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
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

async function signIn(server: ServerUnderTest, email: string, password: string) {
  const data = await expectOk(
    server.call('POST', '/api/admin/auth/login', { body: { email, password } }),
    `sign in ${email}`,
  );
  return data.token as string;
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
    const outbox = await expectOk(
      server.call('GET', `/api/admin/outbox?q=${encodeURIComponent(account)}`, { token: superAdmin }),
      'read the outbox',
    );
    const code = (outbox.items as { body: string }[])[0]?.body.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code reached the outbox for ${account}`);
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
  return { superAdmin, operators, users, credentials };
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
    if (roll < 40) {
      const to = account === 'spot' ? 'futures' : 'spot';
      const units = amountWithin(this.model.get(user, account, asset), asset);
      return { type: 'transfer', key, user, from: account, to, asset, units };
    }
    if (roll < 70) return { type: 'declare', key, user, account, asset, units: depositAmount(asset) };
    if (roll < 88) return { type: 'add', key, user, account, asset, units: depositAmount(asset) };
    return {
      type: 'debit',
      key,
      user,
      account,
      asset,
      units: amountWithin(this.model.get(user, account, asset), asset),
    };
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
    this.done.push({ operation, outcome, retries, id });
    if (outcome !== 'applied') return;
    this.model.apply(operation);
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
      await this.server.killAndRestart();
      log(`kill ${this.server.epoch}/${points.length} after ${this.finished} operations; restarted`);
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

/** Operations whose answer carries the id of what they stored (a journal entry, a deposit). */
const ANSWERS_ITS_RECORD = new Set<Operation['type']>(['transfer', 'add', 'debit', 'declare']);

type Journal = { id: string; kind: string; reference: string };
type DepositRow = { id: number; status: string; request_reference: string };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Each operation against the stored journal and deposits: present once if applied, absent if refused. */
async function audit(run: CrashRun, setup: Setup, env: NodeJS.ProcessEnv) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  try {
    const journal = rowsOf<Journal>(
      await database.db.execute(sql`select id::text as id, kind, reference from journal_transactions`),
    );
    const deposits = rowsOf<DepositRow>(
      await database.db.execute(sql`select id, status, request_reference from deposits`),
    );
    const balances = rowsOf<{
      user_id: number;
      purpose: string;
      asset: string;
      available: string;
      frozen: string;
    }>(
      await database.db.execute(sql`
        select a.user_id, a.purpose, b.asset, b.available::text as available, b.frozen::text as frozen
        from balances b join ledger_accounts a on a.id = b.account_id where a.user_id is not null`),
    );

    const journalByRef = new Map<string, Journal[]>();
    for (const entry of journal) {
      const slot = `${entry.kind} ${entry.reference}`;
      journalByRef.set(slot, [...(journalByRef.get(slot) ?? []), entry]);
    }
    const depositsByRef = new Map<string, DepositRow[]>();
    for (const row of deposits) {
      depositsByRef.set(row.request_reference, [...(depositsByRef.get(row.request_reference) ?? []), row]);
    }
    const depositById = new Map(deposits.map((row) => [row.id, row]));
    const explainedJournal = new Set<string>();
    const explainedDeposits = new Set<number>();
    const problems: string[] = [];
    let missing = 0;
    let duplicated = 0;
    let unknownApplied = 0;
    let unexplained = 0;

    /** The stored trace of an operation: the journal entries or deposit rows it should have made. */
    const traceOf = (operation: Operation): { found: { id: string }[]; journal: boolean } => {
      const adminRef = `admin:${setup.operators.support.id}:${operation.key}`;
      switch (operation.type) {
        case 'transfer':
          return {
            found: journalByRef.get(`transfer ${operation.user.id}:${operation.key}`) ?? [],
            journal: true,
          };
        case 'add':
          return { found: journalByRef.get(`system_add ${adminRef}`) ?? [], journal: true };
        case 'debit':
          return { found: journalByRef.get(`system_debit ${adminRef}`) ?? [], journal: true };
        case 'approve':
          return { found: journalByRef.get(`deposit deposit:${operation.depositId}`) ?? [], journal: true };
        case 'reject': {
          const row = depositById.get(operation.depositId);
          return { found: row?.status === 'rejected' ? [{ id: String(row.id) }] : [], journal: false };
        }
        case 'declare': {
          const rows = depositsByRef.get(`${operation.user.id}:${operation.key}`) ?? [];
          return { found: rows.map((row) => ({ id: String(row.id) })), journal: false };
        }
      }
    };

    for (const item of run.done) {
      const { operation } = item;
      const { found, journal: inJournal } = traceOf(operation);
      for (const entry of found) {
        if (inJournal) explainedJournal.add(entry.id);
        else if (operation.type === 'declare') explainedDeposits.add(Number(entry.id));
      }
      const name = `${operation.type} ${operation.key}`;
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
      } else if (item.outcome === 'refused' && found.length > 0) {
        problems.push(`applied though refused: ${name}`);
      } else if (item.outcome === 'unknown' && found.length > 0) {
        // Never answered, yet it took effect: the model counts it, as the user would see it in the records.
        unknownApplied += 1;
        run.model.apply(operation);
      }
    }
    // Money moved, or a deposit declared, that no operation accounts for: a duplicate under another reference.
    for (const entry of journal) {
      if (explainedJournal.has(entry.id)) continue;
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
    const slots = new Set([...stored.keys(), ...run.model.slots()]);
    const precision = new Map(ASSETS.map((asset) => [asset.code, asset.precision]));
    for (const slot of slots) {
      const row = stored.get(slot);
      const assetCode = slot.split('/')[2] ?? '';
      const digits = precision.get(assetCode) ?? 18;
      const expected = run.model.of(slot);
      const available = row ? unitsFromNumeric(row.available, digits) : 0n;
      const frozen = row ? unitsFromNumeric(row.frozen, digits) : 0n;
      if (available !== expected || frozen !== 0n) {
        balanceMismatches += 1;
        problems.push(
          `balance ${slot}: stored ${available}+${frozen} frozen, the successes sum to ${expected}`,
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
      journalEntries: journal.length,
      depositRows: deposits.length,
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
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: folder,
    WEB_DIST: path.join(folder, 'no-web'),
    LOG_LEVEL: 'warn',
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
    const setup = await prepare(server);
    log(`set up ${setup.users.length} users, a support and a reviewer operator, USDT and BTC deposits`);
    const run = new CrashRun(server, setup);
    const load = performance.now();
    await run.run(KILLS);
    const loadSeconds = (performance.now() - load) / 1000;
    const check = await server.call('GET', '/api/admin/ledger/check', { token: setup.superAdmin });
    const endpoint = check.body.data as { ok: boolean; problems: unknown[]; counts: unknown };
    await server.stop();
    const cli = await ledgerCheckCli(env);
    const result = await audit(run, setup, env);

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
      violations,
      ledger_ok: endpoint.ok && cli.ok,
      journal_entries: result.journalEntries,
      deposits: result.depositRows,
      load_seconds: Math.round(loadSeconds),
      total_seconds: Math.round((performance.now() - started) / 1000),
    };
    log(`succeeded by type: ${[...perType].map(([type, n]) => `${type} ${n}`).join(', ')}`);
    log(
      `${summary.operations} operations in ${summary.load_seconds} s: ${summary.succeeded} succeeded, ${summary.refused} refused (insufficient funds), ${summary.unknown} unknown; ${summary.cut_by_kills} cut by kills, ${summary.retries} retries; ${summary.kills} kills, ${summary.restarts} restarts`,
    );
    log(
      `missing ${summary.missing}, duplicated ${summary.duplicated}, unexplained ${summary.unexplained}, balance mismatches ${summary.balance_mismatches}, violations ${violations}, ledger check ${summary.ledger_ok ? 'ok' : 'FAILED'}`,
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
