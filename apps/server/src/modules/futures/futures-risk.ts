import type { PositionSide } from '@kestrel/contract';
import {
  type CrossAccount,
  crossLiquidationPrice,
  isolatedLiquidationPrice,
  maintenanceMargin,
  unrealizedPnl,
} from '@kestrel/futures';
import { addDecimals, type Decimal, decimalOf, multiplyDecimals, subtractDecimals } from '@kestrel/money';
import type { LedgerService } from '../ledger';
import type { FuturesPositionRow } from './futures.schema';
import type { FuturesMarketConfig } from './futures-markets';
import type { FuturesOrdersRepository } from './futures-orders.repository';

/** A user's futures account as risk reads it: open positions, cross wallet balance and available balance. */
export type RiskAccount = { rows: FuturesPositionRow[]; wallet: Decimal; available: Decimal };

/** The margin asset of every perpetual. */
export const MARGIN_ASSET = 'USDT';

/**
 * A user's futures account as risk sees it (docs/decisions/0046-futures.md): the cross wallet balance, the cross
 * account around one market, and each position's liquidation price, from the stored positions, the ledger's
 * balance and the marks. Read by the positions a user is shown and by the liquidation engine alike.
 */
export class FuturesRisk {
  constructor(
    private readonly ledger: Pick<LedgerService, 'balancesOf' | 'accountBalances'>,
    private readonly positions: Pick<FuturesOrdersRepository, 'openPositionsOf'>,
    private readonly markets: { market(symbol: string): FuturesMarketConfig | undefined },
    /** A perpetual's mark price; undefined before any is known. */
    private readonly markOf: (symbol: string) => Decimal | undefined,
  ) {}

  /** The user's futures balance: what is available for new orders, and the whole (available and frozen). */
  async balance(userId: number): Promise<{ available: Decimal; total: Decimal }> {
    const row = (await this.ledger.balancesOf(userId)).find(
      (item) => item.account === 'futures' && item.asset === MARGIN_ASSET,
    );
    const available = decimalOf(row?.available ?? '0');
    return { available, total: addDecimals(available, decimalOf(row?.frozen ?? '0')) };
  }

  /** Many users' accounts at once, in two reads: their open positions, cross wallets and available balances. */
  async accounts(userIds: Iterable<number>): Promise<Map<number, RiskAccount>> {
    const ids = [...new Set(userIds)];
    const [rows, balances] = await Promise.all([
      this.positions.openPositionsOf(ids),
      this.ledger.accountBalances(ids, 'futures', MARGIN_ASSET),
    ]);
    const accounts = new Map<number, RiskAccount>();
    for (const userId of ids) {
      const balance = balances.get(userId);
      const available = decimalOf(balance?.available ?? '0');
      accounts.set(userId, {
        rows: [],
        available,
        wallet: addDecimals(available, decimalOf(balance?.frozen ?? '0')),
      });
    }
    for (const row of rows) {
      const account = accounts.get(row.userId);
      if (!account) continue;
      account.rows.push(row);
      if (row.marginMode === 'isolated')
        account.wallet = subtractDecimals(account.wallet, decimalOf(row.margin));
    }
    return accounts;
  }

  /** The cross wallet balance: the futures account's balance less the margins of isolated positions. */
  async crossWallet(userId: number, rows: readonly FuturesPositionRow[]): Promise<Decimal> {
    let wallet = (await this.balance(userId)).total;
    for (const position of rows) {
      if (position.marginMode === 'isolated') wallet = subtractDecimals(wallet, decimalOf(position.margin));
    }
    return wallet;
  }

  /** The cross account around one position's market: its long and short there, the other markets' figures. */
  crossAccount(
    position: Pick<FuturesPositionRow, 'symbol'>,
    rows: readonly FuturesPositionRow[],
    wallet: Decimal,
  ): CrossAccount {
    let otherMaintenance = decimalOf('0');
    let otherPnl = decimalOf('0');
    const held = (side: PositionSide) => {
      const row = rows.find(
        (item) => item.symbol === position.symbol && item.side === side && item.marginMode === 'cross',
      );
      return row ? { size: decimalOf(row.size), entryPrice: decimalOf(row.entryPrice) } : null;
    };
    for (const row of rows) {
      if (row.symbol === position.symbol || row.marginMode !== 'cross') continue;
      const market = this.markets.market(row.symbol);
      const mark = this.markOf(row.symbol);
      if (!market || !mark) continue;
      const size = decimalOf(row.size);
      otherMaintenance = addDecimals(
        otherMaintenance,
        maintenanceMargin(multiplyDecimals(size, mark), market.brackets),
      );
      otherPnl = addDecimals(
        otherPnl,
        unrealizedPnl(row.side as PositionSide, size, decimalOf(row.entryPrice), mark),
      );
    }
    return {
      walletBalance: wallet,
      otherMaintenanceMargin: otherMaintenance,
      otherUnrealizedPnl: otherPnl,
      long: held('long'),
      short: held('short'),
    };
  }

  /** A position's liquidation price: of its own margin when isolated, of the cross account otherwise. */
  liquidationOf(
    position: FuturesPositionRow,
    rows: readonly FuturesPositionRow[],
    wallet: Decimal,
  ): Decimal | null {
    const market = this.markets.market(position.symbol);
    if (!market) return null;
    if (position.marginMode === 'isolated') {
      return isolatedLiquidationPrice(
        {
          side: position.side as PositionSide,
          size: decimalOf(position.size),
          entryPrice: decimalOf(position.entryPrice),
          isolatedMargin: decimalOf(position.margin),
        },
        market.brackets,
        market.tickSize,
      );
    }
    return crossLiquidationPrice(this.crossAccount(position, rows, wallet), market.brackets, market.tickSize);
  }
}
