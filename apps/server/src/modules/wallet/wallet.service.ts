import { type TransferBody, type TransferResult, USER_ACCOUNTS, type WalletBalance } from '@kestrel/contract';
import { formatAmount, parseAmount, type Units } from '@kestrel/money';
import { AppError } from '../../http/app-error';
import type { UserRow } from '../auth/auth.repository';
import type { LedgerService } from '../ledger/ledger.service';

/** The user's side of their money: what they hold and the moves between their own accounts. */
export class WalletService {
  constructor(private readonly ledger: LedgerService) {}

  /** Every account and listed asset, zero where nothing was ever credited, so a screen can list them all. */
  async balances(user: UserRow): Promise<WalletBalance[]> {
    const held = new Map(
      (await this.ledger.balancesOf(user.id)).map((row) => [`${row.account}:${row.asset}`, row]),
    );
    const assets = await this.ledger.assets();
    return USER_ACCOUNTS.flatMap((account) =>
      [...assets].map(([asset, precision]) => {
        const zero = formatAmount(0n as Units, precision);
        return held.get(`${account}:${asset}`) ?? { account, asset, available: zero, frozen: zero };
      }),
    );
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
