import { randomBytes } from 'node:crypto';
import type { LedgerBook, UserAccount } from '@kestrel/contract';
import type { TestApp } from '../../../test/test-app';
import { users } from '../auth/auth.schema';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';

/*
 * Helpers for the ledger tests: the service is built over the test app's database, as app.ts builds it, and
 * users are plain rows, since the ledger only needs them to exist.
 */

export function ledgerOf(app: TestApp) {
  return new LedgerService(new LedgerRepository(app.database.db));
}

/** The ledger of the spot service, over the trading connections, as app.ts builds it. */
export function tradingLedgerOf(app: TestApp) {
  return new LedgerService(new LedgerRepository(app.database.trading));
}

/** Plain user rows, in the real book unless a test asks for demo accounts' (decision 0055). */
export async function createUsers(app: TestApp, count: number, book: LedgerBook = 'real'): Promise<number[]> {
  const rows = await app.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, () => {
        const tag = randomBytes(8).toString('hex');
        return { email: `${tag}@ledger.test`, passwordHash: 'not-a-hash', inviteCode: tag, book };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

let deposits = 0;

/** Credits a user's account from deposits clearing, as an approved deposit does. */
export function deposit(
  ledger: LedgerService,
  userId: number,
  asset: string,
  amount: string,
  account: UserAccount = 'spot',
) {
  deposits += 1;
  return ledger.execute({
    type: 'credit',
    kind: 'deposit',
    from: 'deposits_clearing',
    userId,
    account,
    asset,
    amount,
    reference: `test-deposit-${randomBytes(6).toString('hex')}-${deposits}`,
    actor: 'system',
  });
}

/** One balance as decimal strings; zero when the account never held the asset. */
export async function balanceOf(ledger: LedgerService, userId: number, account: UserAccount, asset: string) {
  const row = (await ledger.balancesOf(userId)).find(
    (item) => item.account === account && item.asset === asset,
  );
  return { available: row?.available ?? null, frozen: row?.frozen ?? null };
}
