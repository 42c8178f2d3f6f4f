import { decimalOf, formatDecimal, normalize, unitsAt } from '@kestrel/money';
import { describe, expect, it } from 'vitest';
import type { FuturesOrderRow, FuturesPositionRow } from './futures.schema';
import { bookSideOf, FuturesBook } from './futures-book';
import { FuturesSettlement, type SettlementAccounts } from './futures-settlement';

const MARKET = {
  symbol: 'BTCUSDT',
  tickSize: decimalOf('0.1'),
  lotSize: decimalOf('0.001'),
  makerFee: decimalOf('0.0002'),
  takerFee: decimalOf('0.0005'),
};

const ACCOUNTS: SettlementAccounts = {
  of: (userId) => 100 + userId,
  fees: 1,
  clearing: 2,
  rounding: 4,
  insurance: 3,
  asset: 'USDT',
  places: 6,
};

let nextId = 1;

function order(userId: number, fields: Partial<FuturesOrderRow> & Pick<FuturesOrderRow, 'action'>) {
  const now = new Date();
  const row: FuturesOrderRow = {
    id: BigInt(nextId++),
    userId,
    symbol: 'BTCUSDT',
    side: bookSideOf(fields.action),
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: '50000',
    size: '1',
    filledSize: '0',
    filledTotal: '0',
    leverage: 10,
    marginMode: 'cross',
    // What an opening order froze bounds what its fills take; plenty here.
    frozenAmount: '1000000',
    takeProfit: null,
    stopLoss: null,
    realizedPnl: '0',
    fee: '0',
    // The perpetual's rates, as orders stored before they carried their own pay.
    makerFeeRate: null,
    takerFeeRate: null,
    status: 'new',
    origin: 'user',
    book: 'real',
    reference: null,
    epoch: 1n,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  return row;
}

let nextPosition = 1n;

function position(userId: number, side: 'long' | 'short'): FuturesPositionRow {
  const now = new Date();
  return {
    id: nextPosition++,
    userId,
    symbol: 'BTCUSDT',
    side,
    marginMode: 'cross',
    leverage: 10,
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
  };
}

/** A book where users 1 and 2 each have an empty long and short. */
function bookOf() {
  const book = new FuturesBook(MARKET, 6, 1n);
  for (const userId of [1, 2]) {
    book.know(position(userId, 'long'));
    book.know(position(userId, 'short'));
  }
  return book;
}

const ZERO = decimalOf('0');
const text = (value: { units: bigint; scale: number }) => formatDecimal(normalize(value));

describe('the futures book', () => {
  it('maps the four actions to the engine sides', () => {
    expect(['openLong', 'openShort', 'closeLong', 'closeShort'].map(bookSideOf)).toEqual([
      'buy',
      'sell',
      'sell',
      'buy',
    ]);
  });

  it('opens a long against a short: margins move to the positions, fees go to the fee account', () => {
    const book = bookOf();
    const settlement = new FuturesSettlement();
    book.place(order(2, { action: 'openShort' }), settlement);
    book.place(
      order(1, { action: 'openLong', type: 'market', price: '52500', timeInForce: 'IOC' }),
      settlement,
    );
    const long = book.position(1, 'long');
    const short = book.position(2, 'short');
    expect(long && [text(long.size), text(long.entryPrice), text(long.margin)]).toEqual([
      '1',
      '50000',
      '5000',
    ]);
    expect(short && [text(short.size), text(short.entryPrice), text(short.margin)]).toEqual([
      '1',
      '50000',
      '5000',
    ]);
    const { entries, holds } = settlement.moves(ACCOUNTS);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry?.kind).toBe('trade');
    // Taker 50000 × 0.0005 = 25, maker 50000 × 0.0002 = 10.
    const byAccount = new Map<number, bigint>();
    for (const posting of entry?.postings ?? []) {
      byAccount.set(posting.accountId, (byAccount.get(posting.accountId) ?? 0n) + posting.units);
    }
    expect(byAccount.get(101)).toBe(-25_000000n);
    expect(byAccount.get(102)).toBe(-10_000000n);
    expect(byAccount.get(1)).toBe(35_000000n);
    const hold = (purpose: string, reference: bigint | number) =>
      holds.find((change) => change.purpose === purpose && change.reference === String(reference));
    const takerOrder = nextId - 1;
    expect(hold('futures_order', takerOrder)).toMatchObject({ take: 5025_000000n, close: true });
    expect(hold('futures_order', takerOrder - 1)).toMatchObject({ take: 5010_000000n, close: true });
    expect(hold('futures_position', long?.id ?? 0)).toMatchObject({ add: 5000_000000n, take: 0n });
    const updates = settlement.orderUpdates();
    expect(updates.map((update) => update.status)).toEqual(['filled', 'filled']);
  });

  it('realises the pnl of a close against the clearing account and gives back the closed margin', () => {
    const book = bookOf();
    const open = new FuturesSettlement();
    book.place(order(2, { action: 'openShort' }), open);
    book.place(order(1, { action: 'openLong' }), open);
    const settlement = new FuturesSettlement();
    book.place(order(2, { action: 'closeShort', price: '51000', size: '0.5' }), settlement);
    book.place(order(1, { action: 'closeLong', price: '51000', size: '0.5' }), settlement);
    const long = book.position(1, 'long');
    expect(long && [text(long.size), text(long.margin), text(long.realizedPnl)]).toEqual([
      '0.5',
      '2500',
      '500',
    ]);
    const { entries, holds } = settlement.moves(ACCOUNTS);
    const postings = entries[0]?.postings ?? [];
    const sum = (accountId: number) =>
      postings.filter((p) => p.accountId === accountId).reduce((total, p) => total + p.units, 0n);
    // User 1 gains 500 less the taker fee 51000 × 0.5 × 0.0005 = 12.75; user 2 loses 500 and the maker fee 5.1.
    expect(sum(101)).toBe(487_250000n);
    expect(sum(102)).toBe(-505_100000n);
    expect(sum(2)).toBe(0n);
    const released = holds
      .filter((change) => change.purpose === 'futures_position')
      .map((change) => change.take);
    expect(released).toEqual([2500_000000n, 2500_000000n]);
  });

  it('moves what rounding realised pnl against the traders keeps to the rounding account, in whole units', () => {
    const book = bookOf();
    const open = new FuturesSettlement();
    book.place(order(2, { action: 'openShort', price: '50000', size: '1' }), open);
    book.place(order(1, { action: 'openLong', price: '50000', size: '1' }), open);
    book.place(order(2, { action: 'openShort', price: '50001', size: '2' }), open);
    book.place(order(1, { action: 'openLong', price: '50001', size: '2' }), open);
    expect(text(book.position(1, 'long')?.entryPrice ?? ZERO)).toBe('50000.666666667');
    const settlement = new FuturesSettlement();
    book.place(order(2, { action: 'closeShort', price: '50001', size: '0.001' }), settlement);
    book.place(order(1, { action: 'closeLong', price: '50001', size: '0.001' }), settlement);
    // The long realises 0.000333333333, paid 0.000333; the short −0.000333333333, charged 0.000334: together one
    // unit kept, which goes to the rounding account with the fill.
    const [fill] = settlement.fills;
    expect(fill?.sides.map((side) => text(side.pnl))).toEqual(['0.000333', '-0.000334']);
    const postings = settlement.moves(ACCOUNTS).entries[0]?.postings ?? [];
    const sum = (accountId: number) =>
      postings.filter((p) => p.accountId === accountId).reduce((total, p) => total + p.units, 0n);
    expect(sum(4)).toBe(1n);
    expect(sum(2)).toBe(0n);
  });

  it('cuts a close to what the position holds beyond other live closes, and refuses one with nothing left', () => {
    const book = bookOf();
    const open = new FuturesSettlement();
    book.place(order(2, { action: 'openShort' }), open);
    book.place(order(1, { action: 'openLong' }), open);
    const settlement = new FuturesSettlement();
    book.place(order(1, { action: 'closeLong', price: '60000', size: '0.7' }), settlement);
    book.place(order(1, { action: 'closeLong', price: '60000', size: '0.5' }), settlement);
    book.place(order(1, { action: 'closeLong', price: '60000', size: '0.1' }), settlement);
    expect(settlement.orderUpdates().map((update) => [update.size, update.status])).toEqual([
      ['0.7', 'open'],
      ['0.3', 'open'],
      ['0.1', 'rejected'],
    ]);
    expect(settlement.moves(ACCOUNTS).holds).toEqual([]);
  });

  it('gives back what a cancelled opening order still holds', () => {
    const book = bookOf();
    const placed = new FuturesSettlement();
    const row = order(1, { action: 'openLong' });
    book.place(row, placed);
    const cancelled = new FuturesSettlement();
    expect(book.cancel(Number(row.id), cancelled)).toBe(true);
    expect(cancelled.moves(ACCOUNTS).holds).toEqual([
      expect.objectContaining({ purpose: 'futures_order', reference: String(row.id), close: true, take: 0n }),
    ]);
    expect(book.cancel(Number(row.id), new FuturesSettlement())).toBe(false);
  });

  it('keeps the cost of a sell’s rest when it fills above its price: the rest pays its fee after the position closed', () => {
    const book = bookOf();
    book.know(position(3, 'long'));
    // What the ledger's reservations hold, as `move` applies each settlement's changes.
    const held = new Map<string, bigint>();
    const settle = (settlement: FuturesSettlement) => {
      for (const change of settlement.moves(ACCOUNTS).holds) {
        const key = `${change.purpose}:${change.reference}`;
        const after = (held.get(key) ?? 0n) + change.add - change.take;
        expect(after, key).toBeGreaterThanOrEqual(0n);
        if (change.close) held.delete(key);
        else held.set(key, after);
      }
    };
    /** Places an order, freezing an opening order's cost first as the sequencer does. */
    const place = (row: FuturesOrderRow, settlement: FuturesSettlement) => {
      if (row.action.startsWith('open'))
        held.set(`futures_order:${row.id}`, unitsAt(decimalOf(row.frozenAmount), 6, 'down'));
      book.place(row, settlement);
    };
    const opened = new FuturesSettlement();
    place(order(1, { action: 'openLong', price: '49400', size: '0.171', leverage: 50 }), opened);
    // A 5x short of 0.199 at 35686.5, the mark at 36120: its cost (margin, open loss, taker fee) is 1510.140007.
    const sell = order(2, {
      action: 'openShort',
      price: '35686.5',
      size: '0.199',
      leverage: 5,
      marginMode: 'isolated',
      frozenAmount: '1510.140007',
    });
    place(sell, opened);
    settle(opened);
    // 0.171 filled at the bid of 49400, far above the sell's price; 0.028 rests at its price.
    const short = book.position(2, 'short');
    expect(short && text(short.size)).toBe('0.171');
    expect(book.depth(1).asks).toEqual([['35686.5', '0.028']]);
    // The reservation keeps the rest's margin (199.8444) and taker fee (0.499611) at its price.
    expect(held.get(`futures_order:${sell.id}`)).toBe(200_344011n);

    // The short is closed.
    const closed = new FuturesSettlement();
    place(order(1, { action: 'closeLong', price: '35000', size: '0.171' }), closed);
    place(order(2, { action: 'closeShort', price: '35000', size: '0.171' }), closed);
    settle(closed);
    expect(short && [text(short.size), text(short.margin)]).toEqual(['0', '0']);

    // The rest fills at its price: its margin and maker fee (0.199845) come from what its order still holds, none
    // from the closed position. The order's fills get all it froze beyond their fees, within the initial margin of
    // their notional: the rest's margin of 199.8444 and the 0.299766 of the taker fee it did not pay.
    const rest = new FuturesSettlement();
    place(order(3, { action: 'openLong', price: '35686.5', size: '0.028', leverage: 10 }), rest);
    settle(rest);
    expect(short && [text(short.size), text(short.margin)]).toEqual(['0.028', '200.144166']);
    expect(held.get(`futures_position:${short?.id}`)).toBe(200_144166n);
    expect(held.has(`futures_order:${sell.id}`)).toBe(false);
  });

  it('gives its levels best first as prices and sizes, for the impact bid and ask', () => {
    const book = bookOf();
    const settlement = new FuturesSettlement();
    book.place(order(1, { action: 'openLong', price: '49990', size: '0.5' }), settlement);
    book.place(order(1, { action: 'openLong', price: '49995.5', size: '0.25' }), settlement);
    book.place(order(2, { action: 'openShort', price: '50010', size: '1.2' }), settlement);
    const { bids, asks } = book.levels(5);
    expect(bids.map((level) => [text(level.price), text(level.size)])).toEqual([
      ['49995.5', '0.25'],
      ['49990', '0.5'],
    ]);
    expect(asks.map((level) => [text(level.price), text(level.size)])).toEqual([['50010', '1.2']]);
  });
});
