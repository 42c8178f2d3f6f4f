import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ApiAnswer } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';
import { verifyIdentity } from '../identity/test-identity';
import { deposit, ledgerOf } from '../ledger/test-ledger';
import { bankCards, withdrawalWallets } from '../payout-accounts/payout-accounts.schema';
import { userWithPendingBankCard, userWithPendingWallet } from '../payout-accounts/test-payout-accounts';

/*
 * Helpers for tests that need withdrawals: a user whose TRON wallet (or bank card) a reviewer approved, with
 * funds in their spot account, asking for withdrawals through the API as the user app does.
 */

/** The security password the payout-accounts helpers set for their users. */
export const SECURITY_PASSWORD = '135790';

/** A well-formed TRON transaction hash. */
export const TEST_TRANSACTION_HASH = 'a'.repeat(64);

/** Approves a pending wallet or card as a reviewer would, without going through the queue. */
async function approve(sut: TestApp, table: typeof withdrawalWallets | typeof bankCards, id: number) {
  await sut.database.db
    .update(table)
    .set({ status: 'approved', reviewedAt: sql`now()` })
    .where(eq(table.id, id));
}

/**
 * A new user with an approved TRON wallet and `balance` USDT in spot, and (unless told otherwise) a verified
 * identity, which withdrawals need by default.
 */
export async function userWithApprovedWallet(sut: TestApp, balance = '1000', options = { verified: true }) {
  const user = await userWithPendingWallet(sut);
  await approve(sut, withdrawalWallets, user.walletId);
  if (options.verified) await verifyIdentity(sut, user);
  await deposit(ledgerOf(sut), user.userId, 'USDT', balance);
  return user;
}

/** A new user with an approved bank card, `balance` USDT in spot and a verified identity. */
export async function userWithApprovedCard(sut: TestApp, balance = '1000') {
  const user = await userWithPendingBankCard(sut);
  await approve(sut, bankCards, user.bankCardId);
  await verifyIdentity(sut, user);
  await deposit(ledgerOf(sut), user.userId, 'USDT', balance);
  return user;
}

export async function submitWithdrawal(
  sut: TestApp,
  token: string,
  body: Record<string, unknown>,
  options: { key?: string; lang?: string } = {},
): Promise<ApiAnswer> {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/wallet/withdrawals',
    payload: { securityPassword: SECURITY_PASSWORD, ...body },
    headers: {
      authorization: token,
      'idempotency-key': options.key ?? randomUUID(),
      ...(options.lang ? { 'think-lang': options.lang } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A new user holding `balance` USDT with a pending withdrawal of `amount` to their TRON wallet, and its id. */
export async function userWithPendingWithdrawal(sut: TestApp, amount = '100', balance = '1000') {
  const user = await userWithApprovedWallet(sut, balance);
  const answer = await submitWithdrawal(sut, user.token, {
    targetType: 'wallet',
    targetId: user.walletId,
    asset: 'USDT',
    amount,
  });
  if (answer.body.code !== 0) throw new Error(`could not ask for a withdrawal: ${answer.body.msg}`);
  return { ...user, withdrawalId: answer.body.data.id as number };
}
