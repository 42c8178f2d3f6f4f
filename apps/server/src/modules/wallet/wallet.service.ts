import {
  type AccountAssets,
  type AssetHolding,
  type AssetsOverview,
  type AssetTotals,
  type RecordsPage,
  type RecordsQuery,
  STABLECOINS,
  type TransferBody,
  type TransferResult,
  USD_DECIMALS,
  USER_ACCOUNTS,
  type UserAccount,
  type WalletBalance,
} from '@kestrel/contract';
import { formatAmount, parseAmount, type Units, unitsFromNumeric } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import type { UserRow } from '../auth/auth.repository';
import type { LedgerService } from '../ledger/ledger.service';
import { decodeCursor, encodeCursor, journalKindOf, RECORD_TYPE_OF } from './records';
import type { WalletRepository } from './wallet.repository';

const STABLE = new Set<string>(STABLECOINS);

/** The user's side of their money: what they hold and the moves between their own accounts. */
export class WalletService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly repository: WalletRepository,
  ) {}

  /** Every account and listed asset, zero where nothing was ever credited, so a screen can list them all. */
  async balances(userId: number): Promise<WalletBalance[]> {
    const held = new Map(
      (await this.ledger.balancesOf(userId)).map((row) => [`${row.account}:${row.asset}`, row]),
    );
    const assets = await this.ledger.assets();
    return USER_ACCOUNTS.flatMap((account) =>
      [...assets].map(([asset, precision]) => {
        const zero = formatAmount(0n as Units, precision);
        return held.get(`${account}:${asset}`) ?? { account, asset, available: zero, frozen: zero };
      }),
    );
  }

  /**
   * What the user holds per account and asset, with $ values and totals. Only stablecoins are valued until
   * market prices are live; every other asset is listed unvalued and left out of the totals.
   */
  async overview(user: UserRow): Promise<AssetsOverview> {
    const precisions = await this.ledger.assets();
    const balances = await this.balances(user.id);
    const accounts = USER_ACCOUNTS.map((account): AccountAssets => {
      const holdings = balances
        .filter((balance) => balance.account === account)
        .map((balance) => holdingOf(balance, precisions.get(balance.asset)));
      return { account, totals: totalsOf(holdings), holdings };
    });
    return {
      totals: totalsOf(accounts.flatMap((account) => account.holdings)),
      accounts,
      valuedAssets: [...precisions.keys()].filter((asset) => STABLE.has(asset)),
    };
  }

  /** The account change log: the user's ledger postings, newest first, a page at a time. */
  async records(user: UserRow, query: RecordsQuery): Promise<RecordsPage> {
    const beforePosting = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && beforePosting === undefined) throw new AppError('parameterError');
    const rows = await this.repository.records(user.id, {
      kind: query.type === undefined ? undefined : journalKindOf(query.type),
      asset: query.asset,
      beforePosting,
      // One more than a page tells whether an older page exists.
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: String(row.id),
        type: RECORD_TYPE_OF[row.kind as keyof typeof RECORD_TYPE_OF],
        asset: row.asset,
        account: row.account as UserAccount,
        amount: formatAmount(unitsFromNumeric(row.amount, row.precision), row.precision),
        createdAt: row.createdAt.toISOString(),
        reference: String(row.transactionId),
      })),
      next: rows.length > query.limit && last ? encodeCursor(last.id) : null,
    };
  }

  /** Moves available funds between two of the user's accounts at once; `reference` makes a retry harmless. */
  async transfer(user: UserRow, body: TransferBody, reference: string): Promise<TransferResult> {
    if (user.frozenAt) throw new AppError('accountFrozen');
    const outcome = await this.ledger.execute({
      type: 'transfer',
      userId: user.id,
      from: body.from,
      to: body.to,
      asset: body.asset,
      amount: body.amount,
      reference,
      actor: `user:${user.id}`,
    });
    const precision = (await this.ledger.assets()).get(body.asset);
    const units = precision === undefined ? undefined : parseAmount(body.amount, precision);
    if (outcome.transactionId === undefined || precision === undefined || units === undefined) {
      throw new Error('the ledger accepted a transfer it cannot describe');
    }
    return {
      id: outcome.transactionId,
      from: body.from,
      to: body.to,
      asset: body.asset,
      amount: formatAmount(units, precision),
      createdAt: outcome.at.toISOString(),
    };
  }
}

function holdingOf(balance: WalletBalance, precision: number | undefined): AssetHolding {
  if (precision === undefined) throw new Error(`asset ${balance.asset} has no precision`);
  const total = (parseUnits(balance.available, precision) + parseUnits(balance.frozen, precision)) as Units;
  const valued = STABLE.has(balance.asset);
  return {
    ...balance,
    total: formatAmount(total, precision),
    valued,
    usdValue: valued ? formatAmount(inUsdUnits(total, precision), USD_DECIMALS) : null,
  };
}

/** $ totals of valued holdings; a stablecoin's value is its amount. */
function totalsOf(holdings: readonly AssetHolding[]): AssetTotals {
  let available = 0n;
  let inUse = 0n;
  for (const holding of holdings) {
    if (!holding.valued) continue;
    const precision = decimalsOf(holding.available);
    available += inUsdUnits(parseUnits(holding.available, precision), precision);
    inUse += inUsdUnits(parseUnits(holding.frozen, precision), precision);
  }
  const total = formatAmount((available + inUse) as Units, USD_DECIMALS);
  return {
    total,
    // No open positions exist yet, so equity is the total; futures add their unrealised profit and loss here.
    equity: total,
    inUse: formatAmount(inUse as Units, USD_DECIMALS),
    available: formatAmount(available as Units, USD_DECIMALS),
  };
}

function parseUnits(text: string, precision: number): Units {
  const units = parseAmount(text, precision);
  if (units === undefined) throw new Error(`${text} is not an amount of ${precision} decimals`);
  return units;
}

function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** Units of an asset as $ units, exactly: a valued asset never has more decimals than a $ value. */
function inUsdUnits(units: bigint, precision: number): Units {
  if (precision > USD_DECIMALS) throw new Error(`a valued asset has ${precision} decimals`);
  return (units * 10n ** BigInt(USD_DECIMALS - precision)) as Units;
}
