import type { MarginMode } from '@kestrel/contract';
import {
  crossLiquidationPrices,
  MAJOR_BRACKETS,
  notionalLimitAt,
  orderCost,
  type Side,
  settleFunding,
} from '@kestrel/futures';
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  formatDecimal as exact,
  formatAmount,
  multiplyDecimals,
  normalize,
  subtractDecimals,
  toStep,
  type Units,
  unitsAt,
} from '@kestrel/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountedRate } from '../../fees/fee-discounts';
import type { HoldChange, MoveEntry } from '../ledger';
import {
  type FuturesOrderRow,
  type FuturesPositionRow,
  ORDER_RESERVATION,
  POSITION_RESERVATION,
} from './futures.schema';
import { bookSideOf, FuturesBook, positionSideOf } from './futures-book';
import { FuturesLiquidation } from './futures-liquidation';
import type { FuturesMarketConfig } from './futures-markets';
import { FuturesRisk } from './futures-risk';
import { FuturesSettlement, type SettlementAccounts } from './futures-settlement';

/*
 * Issue 18's proof of the money model: random orders, price moves, funding and liquidations across many accounts,
 * run through the real book, settlement and liquidation engine over a ledger held in memory that applies their
 * journal entries and reservation changes as the ledger's `move` does. After every step: value is conserved
 * across the users, the fee, clearing and rounding accounts and the insurance fund; no user's available or
 * frozen balance is below zero; every position's margin reservation holds exactly the margin the book says; and
 * no open position is left beyond its liquidation price at the mark.
 */

const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.FUTURES_PROPERTY_RUNS ?? 1000);
const PLACES = 6;

const MARKET: FuturesMarketConfig = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: decimalOf('0.1'),
  lotSize: decimalOf('0.001'),
  minNotional: decimalOf('5'),
  makerFee: decimalOf('0.0002'),
  takerFee: decimalOf('0.0005'),
  brackets: [...MAJOR_BRACKETS],
  open: true,
  marketMaker: false,
  fundingIntervalHours: 8,
  interestRate: decimalOf('0.0001'),
  fundingCap: decimalOf('0.003'),
};

const FEES = -1;
const CLEARING = -2;
const INSURANCE = -3;
const ROUNDING = -4;
const ACCOUNTS: SettlementAccounts = {
  of: (userId) => userId,
  fees: FEES,
  clearing: CLEARING,
  rounding: ROUNDING,
  insurance: INSURANCE,
  asset: 'USDT',
  places: PLACES,
};

const units = (value: Decimal) => unitsAt(value, PLACES, 'down');
const text = (value: bigint) => formatAmount(value as Units, PLACES);

/** The futures accounts in USDT units, as the ledger's balances, reservations and system postings hold them. */
class MemoryLedger {
  readonly available = new Map<number, bigint>();
  readonly frozen = new Map<number, bigint>();
  readonly system = new Map<number, bigint>();
  readonly reservations = new Map<string, bigint>();
  deposited = 0n;

  deposit(userId: number, amount: bigint) {
    this.add(this.available, userId, amount);
    this.deposited += amount;
  }

  /** Freezes an order's cost; false when the balance is short, as the ledger refuses it. */
  freeze(userId: number, reference: string, amount: bigint): boolean {
    if ((this.available.get(userId) ?? 0n) < amount) return false;
    this.add(this.available, userId, -amount);
    this.add(this.frozen, userId, amount);
    this.reservations.set(`${ORDER_RESERVATION}:${reference}`, amount);
    return true;
  }

  /** A settlement's journal entries and reservation changes, as `LedgerBatch.move` applies them. */
  move({ entries, holds }: { entries: MoveEntry[]; holds: HoldChange[] }) {
    for (const entry of entries) {
      expect(entry.postings.reduce((sum, posting) => sum + posting.units, 0n)).toBe(0n);
      for (const posting of entry.postings) {
        this.add(posting.accountId < 0 ? this.system : this.available, posting.accountId, posting.units);
      }
    }
    for (const hold of holds) {
      const key = `${hold.purpose}:${hold.reference}`;
      const held = (this.reservations.get(key) ?? 0n) + hold.add - hold.take;
      if (held < 0n) throw new Error(`reservation ${key} would hold ${held}`);
      this.add(this.available, hold.accountId, hold.take - hold.add);
      this.add(this.frozen, hold.accountId, hold.add - hold.take);
      if (hold.close) {
        this.add(this.available, hold.accountId, held);
        this.add(this.frozen, hold.accountId, -held);
        this.reservations.delete(key);
      } else {
        this.reservations.set(key, held);
      }
    }
  }

  balancesOf(userId: number) {
    return [
      {
        account: 'futures' as const,
        asset: 'USDT',
        available: text(this.available.get(userId) ?? 0n),
        frozen: text(this.frozen.get(userId) ?? 0n),
      },
    ];
  }

  add(map: Map<number, bigint>, id: number, amount: bigint) {
    map.set(id, (map.get(id) ?? 0n) + amount);
  }

  total(): bigint {
    let sum = 0n;
    for (const map of [this.available, this.frozen, this.system])
      for (const value of map.values()) sum += value;
    return sum;
  }
}

type MemoryBalance = ReturnType<MemoryLedger['balancesOf']>[number];
/** `discount`: what the trader's membership level takes off both fees (decision 0050); their orders carry it. */
type Trader = { id: number; leverage: number; mode: MarginMode; deposit: bigint; discount: string };
type Command =
  | {
      kind: 'order';
      user: number;
      action: FuturesOrderRow['action'];
      market: boolean;
      offset: number;
      lots: number;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'move'; percent: number }
  | { kind: 'funding'; rate: number };

/** One run: a book, its traders and the liquidation engine over the memory ledger. */
class World {
  readonly ledger = new MemoryLedger();
  readonly book = new FuturesBook(MARKET, PLACES, 1n);
  mark = decimalOf('50000');
  private nextId = 1n;
  private nextPosition = 1n;
  private tail: Promise<void> = Promise.resolve();
  readonly liquidation: FuturesLiquidation;
  readonly risk: FuturesRisk;
  /** How often the liquidation engine read the insurance fund's balance from the ledger. */
  fundReads = 0;

  constructor(
    readonly traders: Trader[],
    /** Takeovers settled together; the engine's own number unless a test asks for fewer. */
    perSettlement?: number,
  ) {
    for (const trader of traders) this.ledger.deposit(trader.id, trader.deposit);
    const markOf = () => this.mark;
    this.risk = new FuturesRisk(
      {
        balancesOf: async (userId) => this.ledger.balancesOf(userId),
        accountBalances: async (userIds) =>
          new Map(userIds.map((userId) => [userId, this.ledger.balancesOf(userId)[0] as MemoryBalance])),
      },
      { openPositionsOf: async (userIds) => userIds.flatMap((userId) => this.rowsOf(userId)) },
      { market: () => MARKET },
      markOf,
    );
    this.liquidation = new FuturesLiquidation(
      { takeIds: async (count) => Array.from({ length: count }, () => this.nextId++) },
      {
        systemBalance: async () => {
          this.fundReads += 1;
          return text(this.ledger.system.get(INSURANCE) ?? 0n);
        },
      },
      this.risk,
      { market: () => MARKET },
      {
        takeOver: (_book, match) => {
          const run = this.tail.then(async () => {
            const settlement = new FuturesSettlement();
            await match(settlement);
            this.ledger.move(settlement.moves(ACCOUNTS));
          });
          this.tail = run.catch(() => undefined);
          return run;
        },
      },
      markOf,
      undefined,
      perSettlement,
    );
  }

  async start() {
    await this.liquidation.watch(this.book);
  }

  /** Runs a command, then the liquidation engine at the mark, as the owner's next mark tick would. */
  async run(command: Command) {
    this.apply(command);
    await this.liquidate();
  }

  private apply(command: Command) {
    switch (command.kind) {
      case 'order':
        return this.order(command);
      case 'cancel': {
        const live = this.traders.flatMap((trader) => this.book.liveOrdersOf(trader.id));
        const id = live[command.pick % Math.max(live.length, 1)];
        if (id === undefined) return;
        const settlement = new FuturesSettlement();
        this.book.cancel(id, settlement);
        this.ledger.move(settlement.moves(ACCOUNTS));
        return;
      }
      case 'move':
        this.mark = toStep(
          multiplyDecimals(this.mark, decimalOf(String(1 + command.percent / 100))),
          MARKET.tickSize,
          'halfUp',
        );
        return;
      case 'funding':
        return this.fund(decimalOf((command.rate / 10_000).toFixed(6)));
    }
  }

  /** Files every position again and takes over what the mark reaches, until nothing more is reached. */
  private async liquidate() {
    for (let round = 0; round < 3; round += 1) {
      await this.liquidation.refile(this.book, this.liquidation.holders(this.book));
      this.liquidation.reached(this.book, this.mark);
      await this.idle();
    }
  }

  private async idle() {
    let seen: Promise<void>;
    do {
      seen = this.tail;
      await seen;
      await new Promise((resolve) => setImmediate(resolve));
    } while (seen !== this.tail);
  }

  /** An order as the service checks and the sequencer freezes and matches it. */
  private order(command: Extract<Command, { kind: 'order' }>) {
    const trader = this.traders.find((item) => item.id === command.user) as Trader;
    const side = positionSideOf(command.action);
    const closing = command.action === 'closeLong' || command.action === 'closeShort';
    const buying = bookSideOf(command.action) === 'buy';
    const size = multiplyDecimals(decimalOf(String(command.lots)), MARKET.lotSize);
    const shift = multiplyDecimals(
      this.mark,
      decimalOf(command.market ? '0.05' : String(command.offset / 1000)),
    );
    const price = toStep(
      buying === command.market ? addDecimals(this.mark, shift) : subtractDecimals(this.mark, shift),
      MARKET.tickSize,
      buying ? 'up' : 'down',
    );
    if (price.units <= 0n) return;
    this.know(trader, side);
    const position = this.book.position(trader.id, side);
    const takerFeeRate = discountedRate(MARKET.takerFee, trader.discount);
    let cost = 0n;
    if (closing) {
      if (!position || position.size.units <= 0n) return;
    } else {
      const held = position ? multiplyDecimals(position.size, this.mark) : decimalOf('0');
      const limit = notionalLimitAt(MARKET.brackets, trader.leverage);
      if (compareDecimals(addDecimals(held, multiplyDecimals(price, size)), limit) > 0) return;
      const figures = orderCost(
        { side, price, size, leverage: trader.leverage, markPrice: this.mark, takerFeeRate },
        PLACES,
      );
      cost = unitsAt(figures.cost, PLACES, 'up');
    }
    const id = this.nextId++;
    if (cost > 0n && !this.ledger.freeze(trader.id, String(id), cost)) return;
    const now = new Date();
    const row: FuturesOrderRow = {
      id,
      userId: trader.id,
      symbol: MARKET.symbol,
      action: command.action,
      side: buying ? 'buy' : 'sell',
      type: command.market ? 'market' : 'limit',
      timeInForce: command.market ? 'IOC' : 'GTC',
      postOnly: false,
      price: formatAmount(unitsAt(price, 1, 'down') as Units, 1),
      size: formatAmount(unitsAt(size, 3, 'down') as Units, 3),
      filledSize: '0',
      filledTotal: '0',
      leverage: trader.leverage,
      marginMode: trader.mode,
      frozenAmount: text(cost),
      takeProfit: null,
      stopLoss: null,
      realizedPnl: '0',
      fee: '0',
      makerFeeRate: formatDecimal(discountedRate(MARKET.makerFee, trader.discount)),
      takerFeeRate: formatDecimal(takerFeeRate),
      status: 'new',
      origin: 'user',
      book: 'real',
      reference: null,
      epoch: 1n,
      createdAt: now,
      updatedAt: now,
    };
    const settlement = new FuturesSettlement();
    this.book.place(row, settlement);
    this.ledger.move(settlement.moves(ACCOUNTS));
  }

  /** Funding as the ledger's `funding` command pays it: available first (cross), then margin, then the fund. */
  private fund(rate: Decimal) {
    const open = this.book.allPositions().filter((position) => position.size.units > 0n);
    const { payments, remainder } = settleFunding(
      open.map((position) => ({ id: position, side: position.side, size: position.size })),
      this.mark,
      rate,
      PLACES,
    );
    for (const { id: position, amount } of payments) {
      const owed = units(amount);
      if (owed >= 0n) {
        this.ledger.add(this.ledger.available, position.userId, owed);
        this.ledger.add(this.ledger.system, CLEARING, -owed);
        continue;
      }
      let left = -owed;
      if (position.marginMode === 'cross') {
        const fromAvailable = min(left, this.ledger.available.get(position.userId) ?? 0n);
        this.ledger.add(this.ledger.available, position.userId, -fromAvailable);
        left -= fromAvailable;
      }
      const key = `${POSITION_RESERVATION}:${position.id}`;
      const fromMargin = min(left, this.ledger.reservations.get(key) ?? 0n);
      this.ledger.reservations.set(key, (this.ledger.reservations.get(key) ?? 0n) - fromMargin);
      this.ledger.add(this.ledger.frozen, position.userId, -fromMargin);
      position.margin = subtractDecimals(position.margin, { units: fromMargin, scale: PLACES });
      left -= fromMargin;
      this.ledger.add(this.ledger.system, CLEARING, -owed - left);
      this.ledger.add(this.ledger.system, INSURANCE, -left);
      this.ledger.add(this.ledger.system, CLEARING, left);
    }
    this.ledger.add(this.ledger.system, CLEARING, -units(remainder));
    this.ledger.add(this.ledger.system, ROUNDING, units(remainder));
  }

  private know(trader: Trader, side: Side) {
    if (this.book.position(trader.id, side)) return;
    const now = new Date();
    this.book.know({
      id: this.nextPosition++,
      userId: trader.id,
      symbol: MARKET.symbol,
      side,
      marginMode: trader.mode,
      leverage: trader.leverage,
      size: '0',
      entryPrice: '0',
      margin: '0',
      takeProfit: null,
      stopLoss: null,
      realizedPnl: '0',
      epoch: 1n,
      book: 'real',
      openedAt: now,
      updatedAt: now,
    });
  }

  /** A user's open positions as the repository answers them. */
  rowsOf(userId: number): FuturesPositionRow[] {
    const now = new Date();
    return this.book
      .allPositions()
      .filter((position) => position.userId === userId && position.size.units > 0n)
      .map((position) => ({
        id: position.id,
        userId,
        symbol: MARKET.symbol,
        side: position.side,
        marginMode: position.marginMode,
        leverage: position.leverage,
        size: formatDecimal(position.size),
        entryPrice: formatDecimal(position.entryPrice),
        margin: formatDecimal(position.margin),
        takeProfit: position.takeProfit,
        stopLoss: position.stopLoss,
        realizedPnl: formatDecimal(position.realizedPnl),
        epoch: 1n,
        book: 'real',
        openedAt: now,
        updatedAt: now,
      }));
  }

  /** Every invariant of the money model; a message for each one broken. */
  async problems(): Promise<string[]> {
    const problems: string[] = [];
    if (this.ledger.total() !== this.ledger.deposited)
      problems.push(`value not conserved: ${this.ledger.total()} held of ${this.ledger.deposited} deposited`);
    for (const [id, value] of [...this.ledger.available, ...this.ledger.frozen]) {
      if (id > 0 && value < 0n) problems.push(`user ${id} is below zero: ${value}`);
    }
    for (const position of this.book.allPositions()) {
      const held = this.ledger.reservations.get(`${POSITION_RESERVATION}:${position.id}`) ?? 0n;
      if (held !== units(position.margin))
        problems.push(
          `position ${position.id} holds ${held} for a margin of ${formatDecimal(position.margin)}`,
        );
    }
    for (const trader of this.traders) {
      const rows = this.rowsOf(trader.id);
      if (rows.length === 0) continue;
      const wallet = await this.risk.crossWallet(trader.id, rows);
      for (const row of rows.filter((item) => item.marginMode === 'isolated')) {
        const price = this.risk.liquidationOf(row, rows, wallet);
        if (price && compareDecimals(this.mark, price) * (row.side === 'long' ? 1 : -1) <= 0)
          problems.push(`isolated ${row.side} of user ${trader.id} is beyond ${formatDecimal(price)}`);
      }
      if (rows.some((row) => row.marginMode === 'cross')) {
        const { whenFalling, whenRising } = crossLiquidationPrices(
          this.risk.crossAccount({ symbol: MARKET.symbol }, rows, wallet),
          MARKET.brackets,
          MARKET.tickSize,
        );
        if (
          (whenFalling && compareDecimals(this.mark, whenFalling) <= 0) ||
          (whenRising && compareDecimals(this.mark, whenRising) >= 0)
        )
          problems.push(`the cross account of user ${trader.id} is beyond its liquidation price`);
      }
    }
    return problems;
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const formatDecimal = (value: Decimal) => exact(normalize(value));

const traders = fc.array(
  fc.record({
    leverage: fc.constantFrom(1, 2, 5, 10, 20, 50),
    mode: fc.constantFrom<MarginMode>('cross', 'isolated'),
    deposit: fc.bigInt({ min: 200n, max: 20_000n }).map((whole) => whole * 1_000_000n),
    discount: fc.constantFrom('0', '0', '0.1', '0.25', '0.5'),
  }),
  { minLength: 3, maxLength: 6 },
);

const commandOf = (count: number): fc.Arbitrary<Command> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('order' as const),
        user: fc.integer({ min: 1, max: count }),
        action: fc.constantFrom('openLong', 'openShort', 'closeLong', 'closeShort') as fc.Arbitrary<
          FuturesOrderRow['action']
        >,
        market: fc.boolean(),
        offset: fc.integer({ min: -20, max: 20 }),
        lots: fc.integer({ min: 1, max: 400 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('move' as const),
        percent: fc.integer({ min: -25, max: 25 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('funding' as const),
        rate: fc.integer({ min: -30, max: 30 }),
      }),
    },
  );

describe(`futures money, properties (${RUNS} runs, seed ${SEED}, FUTURES_PROPERTY_SEED to replay)`, () => {
  process.stdout.write(`futures money property test: seed ${SEED} (FUTURES_PROPERTY_SEED to replay)\n`);

  it('conserves value, keeps every account at or above zero and leaves no position beyond liquidation', async () => {
    await fc.assert(
      fc.asyncProperty(
        traders.chain((list) =>
          fc.tuple(fc.constant(list), fc.array(commandOf(list.length), { minLength: 5, maxLength: 40 })),
        ),
        async ([list, commands]) => {
          const world = new World(list.map((trader, index) => ({ ...trader, id: index + 1 })));
          await world.start();
          for (const command of commands) {
            await world.run(command);
            expect(await world.problems()).toEqual([]);
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);
});

describe('the liquidation engine', () => {
  it('reads the insurance fund once a liquidation run and carries it through the run’s settlements', async () => {
    // Three 50x isolated longs of 0.1 at 50000 (bankrupt at 49000), a short they bought from, and a bid at 48950:
    // each long the bid takes costs the fund 5 USDT.
    const longs = [1, 2, 3].map((id) => ({
      id,
      leverage: 50,
      mode: 'isolated' as const,
      deposit: 1_000_000_000n,
      discount: '0',
    }));
    const short = { id: 4, leverage: 1, mode: 'cross' as const, deposit: 100_000_000_000n, discount: '0' };
    const bidder = { id: 5, leverage: 1, mode: 'cross' as const, deposit: 100_000_000_000n, discount: '0' };
    // One takeover a settlement: the three longs a fall reaches are settled in three parts.
    const world = new World([...longs, short, bidder], 1);
    world.ledger.system.set(INSURANCE, 12_000_000n);
    world.ledger.deposited += 12_000_000n;
    await world.start();
    await world.run({ kind: 'order', user: 4, action: 'openShort', market: false, offset: 0, lots: 300 });
    for (const { id } of longs)
      await world.run({ kind: 'order', user: id, action: 'openLong', market: true, offset: 0, lots: 100 });
    await world.run({ kind: 'order', user: 5, action: 'openLong', market: false, offset: 21, lots: 300 });
    expect(world.book.depth(1).bids).toEqual([['48950.0', '0.300']]);
    expect(world.fundReads).toBe(0);

    await world.run({ kind: 'move', percent: -5 });
    for (const { id } of longs) expect(world.rowsOf(id)).toEqual([]);
    expect(world.fundReads).toBe(1);
    // The fund covered two fills in the book (12 − 5 − 5); for the third, 2 USDT did not reach the bid, and the
    // short took the long over at the bankruptcy price.
    expect(world.ledger.system.get(INSURANCE)).toBe(2_000_000n);
    expect(formatDecimal(world.book.position(5, 'long')?.size ?? decimalOf('0'))).toBe('0.2');
    expect(formatDecimal(world.book.position(4, 'short')?.size ?? decimalOf('0'))).toBe('0.2');
    expect(await world.problems()).toEqual([]);
  });
});
