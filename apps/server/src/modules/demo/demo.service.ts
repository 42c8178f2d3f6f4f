import {
  DEMO_ASSET,
  type DemoAccount,
  type DemoResetResult,
  type DemoSummary,
  type SessionResult,
  USER_ACCOUNTS,
} from '@kestrel/contract';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { AttemptLimit, AuthService, Caller, UserRow } from '../auth';
import type { LedgerService, LedgerUnit } from '../ledger';
import type { DemoAccountRow, DemoRepository } from './demo.repository';

/** What a product does for a demo account that is reset or closed: its open orders cancelled, positions closed. */
export type DemoProduct = {
  wind(userId: number): Promise<{ cancelledOrders: number; closedPositions: number }>;
};

/** How many orders demo accounts placed since a time, by product (the back office counts them apart). */
export type DemoOrderCounts = Record<keyof DemoSummary['ordersLastDay'], (since: Date) => Promise<number>>;

export type DemoSettings = { startingBalance: string; closeAfterIdleDays: number };

/** Anonymous demo accounts one address may start an hour. */
export const DEMO_STARTS_PER_HOUR = 10;
const DAY_MS = 24 * 3600 * 1000;
/** Accounts looked at per cleanup round. */
const CLOSINGS_PER_ROUND = 200;

/**
 * Demo accounts (decision 0055): an anonymous one started from the login or register screen, or a signed-in
 * user's twin; virtual USDT given at the start and at each reset, from the demo book's `demo_grants` account.
 * The products trade a demo account's funds as anyone's, in the demo book, which the database keeps apart.
 */
export class DemoService {
  constructor(
    private readonly repository: DemoRepository,
    private readonly auth: Pick<
      AuthService,
      'createDemoUser' | 'openDemoSession' | 'lastSeen' | 'endSessions'
    >,
    private readonly ledger: Pick<LedgerService, 'within' | 'balancesOf'>,
    private readonly settings: DemoSettings,
    private readonly starts: Pick<AttemptLimit, 'reserve'>,
    private readonly products: readonly DemoProduct[] = [],
    private readonly orderCounts: Partial<DemoOrderCounts> = {},
  ) {}

  /** An anonymous demo account and a session for it; a few per address an hour. */
  async start(caller: Caller) {
    await this.starts.reserve(caller.ip);
    return this.create(caller, null);
  }

  /** A session on the signed-in user's twin, created (or reopened, after a closing) with fresh virtual funds. */
  async openTwin(user: UserRow, caller: Caller): Promise<SessionResult> {
    const twin = await this.repository.findTwinOf(user.id);
    if (!twin) {
      try {
        return await this.create(caller, user.id);
      } catch (error) {
        // Two first switches at once: one created the twin, the other opens a session on it.
        if (!isUniqueViolation(error)) throw error;
        return this.openTwin(user, caller);
      }
    }
    if (twin.closedAt) await this.reopen(twin.userId);
    return this.auth.openDemoSession(twin.userId, caller);
  }

  async account(user: UserRow): Promise<DemoAccount> {
    return this.viewOf(await this.demoRow(user));
  }

  /**
   * Cancels the account's open orders and closes its positions, takes back what it holds and gives the starting
   * virtual USDT again: one reset at a time per account (its row is locked), each journal entry named by the
   * reset's number so that none is posted twice.
   */
  async reset(user: UserRow): Promise<DemoResetResult> {
    await this.demoRow(user);
    const wound = await this.wind(user.id);
    const row = await this.repository.transaction(async (repository, connection) => {
      const locked = await repository.lock(user.id);
      if (!locked) throw new AppError('notFound');
      const round = `reset:${locked.resets + 1}`;
      const ledger = this.ledger.within(connection);
      await this.takeBack(ledger, user.id, round);
      await this.grant(ledger, user.id, round);
      await repository.recordReset(user.id, this.settings.startingBalance);
      return repository.find(user.id);
    });
    if (!row) throw new AppError('notFound');
    return { account: this.viewOf(row), ...wound };
  }

  /**
   * Closes accounts unused for the configured days: orders cancelled, positions closed, virtual funds taken back,
   * sessions ended. A twin is reopened by its user's next switch; an anonymous account is gone with its token.
   */
  async closeIdle(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.settings.closeAfterIdleDays * DAY_MS);
    const candidates = await this.repository.openCreatedBefore(cutoff, CLOSINGS_PER_ROUND);
    const lastSeen = await this.auth.lastSeen(candidates);
    const idle = candidates.filter((userId) => (lastSeen.get(userId) ?? new Date(0)) < cutoff);
    for (const userId of idle) {
      await this.wind(userId);
      await this.repository.transaction(async (repository, connection) => {
        const locked = await repository.lock(userId);
        if (!locked || locked.closedAt) return;
        await this.takeBack(this.ledger.within(connection), userId, `close:${locked.resets}`);
        await repository.close(userId);
      });
      await this.auth.endSessions(userId);
    }
    return idle.length;
  }

  async summary(now = new Date()): Promise<DemoSummary> {
    const since = new Date(now.getTime() - DAY_MS);
    const { resetsLastDay, ...accounts } = await this.repository.counts(since);
    const lastSeen = await this.auth.lastSeen(await this.repository.openIds());
    const activeLastDay = [...lastSeen.values()].filter((at) => at >= since).length;
    const counted = async (product: keyof DemoOrderCounts) => (await this.orderCounts[product]?.(since)) ?? 0;
    return {
      accounts: { ...accounts, activeLastDay },
      ordersLastDay: {
        spot: await counted('spot'),
        futures: await counted('futures'),
        options: await counted('options'),
      },
      resetsLastDay,
      startingBalance: this.settings.startingBalance,
      closesAfterIdleDays: this.settings.closeAfterIdleDays,
    };
  }

  private create(caller: Caller, twinOf: number | null) {
    return this.auth.createDemoUser(caller, async (connection, userId) => {
      await this.repository.on(connection).insert({
        userId,
        twinOf,
        startingBalance: this.settings.startingBalance,
      });
      await this.grant(this.ledger.within(connection), userId, 'start');
    });
  }

  private async reopen(userId: number) {
    await this.repository.transaction(async (repository, connection) => {
      const locked = await repository.lock(userId);
      if (!locked?.closedAt) return;
      await this.grant(this.ledger.within(connection), userId, `reopen:${locked.closedAt.getTime()}`);
      await repository.reopen(userId, this.settings.startingBalance);
    });
  }

  private async wind(userId: number) {
    let cancelledOrders = 0;
    let closedPositions = 0;
    for (const product of this.products) {
      const wound = await product.wind(userId);
      cancelledOrders += wound.cancelledOrders;
      closedPositions += wound.closedPositions;
    }
    return { cancelledOrders, closedPositions };
  }

  /** Everything available in the account's spot and futures accounts goes back to `demo_grants`. */
  private async takeBack(ledger: LedgerUnit, userId: number, round: string) {
    for (const balance of await ledger.balancesOf(userId)) {
      if (!USER_ACCOUNTS.includes(balance.account) || isZero(balance.available)) continue;
      await ledger.execute({
        type: 'debit',
        kind: 'demo_return',
        to: 'demo_grants',
        userId,
        account: balance.account,
        asset: balance.asset,
        amount: balance.available,
        reference: `demo:${userId}:${round}:${balance.account}:${balance.asset}`,
        actor: `user:${userId}`,
      });
    }
  }

  private async grant(ledger: LedgerUnit, userId: number, round: string) {
    await ledger.execute({
      type: 'credit',
      kind: 'demo_grant',
      from: 'demo_grants',
      userId,
      account: 'spot',
      asset: DEMO_ASSET,
      amount: this.settings.startingBalance,
      reference: `demo:${userId}:${round}`,
      actor: `user:${userId}`,
    });
  }

  private async demoRow(user: UserRow): Promise<DemoAccountRow> {
    if (user.book !== 'demo') throw new AppError('demoOnly');
    const row = await this.repository.find(user.id);
    if (!row) throw new AppError('demoOnly');
    return row;
  }

  private viewOf(row: DemoAccountRow): DemoAccount {
    return {
      startingBalance: trimmed(row.startingBalance),
      asset: DEMO_ASSET,
      twin: row.twinOf !== null,
      createdAt: row.createdAt.toISOString(),
      resets: row.resets,
      lastResetAt: row.lastResetAt?.toISOString() ?? null,
      closesAfterIdleDays: this.settings.closeAfterIdleDays,
    };
  }
}

function isZero(amount: string) {
  return /^0(\.0*)?$/.test(amount);
}

/** A NUMERIC literal without its trailing zeros ("100000.000000000000000000" → "100000"). */
function trimmed(numeric: string) {
  return numeric.includes('.') ? numeric.replace(/\.?0+$/, '') : numeric;
}
