import { and, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { PayoutRow, PayoutTable } from './payout-accounts.repository';
import { bankCards, withdrawalWallets } from './payout-accounts.schema';

/*
 * What other modules may read of the payout accounts (decision 0040): where a withdrawal may be paid, and, for
 * a withdrawal already made, where it went. The tables stay this module's.
 */

export type WalletTarget = typeof withdrawalWallets.$inferSelect;
export type CardTarget = typeof bankCards.$inferSelect;

const query = new QueryBuilder();

/** Every wallet's address, deleted or not: join on `id` to say where a withdrawal went. */
export const walletAddresses = query
  .select({ id: withdrawalWallets.id, address: withdrawalWallets.address })
  .from(withdrawalWallets)
  .as('wallet_addresses');

/** Every bank card, deleted or not: join on `id` to say where a withdrawal went. */
export const paidCards = query.select().from(bankCards).as('paid_cards');

const cardColumns = getTableColumns(bankCards);
type CardColumn = keyof typeof cardColumns;

/** The columns of `paidCards`, to select a card as one object (null when the withdrawal went to a wallet). */
export const paidCard = Object.fromEntries(
  (Object.keys(cardColumns) as CardColumn[]).map((name) => [name, paidCards[name]]),
) as { [Name in CardColumn]: (typeof paidCards)[Name] };

/** The user's approved, not deleted accounts of one kind (only the one with `id` when given), newest first. */
function approved<T extends PayoutTable>(db: Db, table: T, userId: number, id?: number) {
  return db
    .select()
    .from(table as PayoutTable)
    .where(
      and(
        eq(table.userId, userId),
        eq(table.status, 'approved'),
        isNull(table.deletedAt),
        id === undefined ? undefined : eq(table.id, id),
      ),
    )
    .orderBy(desc(table.id)) as Promise<PayoutRow<T>[]>;
}

/** The user's approved, not deleted wallets (only the one with `id` when given), newest first. */
export function approvedWallets(db: Db, userId: number, id?: number): Promise<WalletTarget[]> {
  return approved(db, withdrawalWallets, userId, id);
}

/** The user's approved, not deleted bank cards (only the one with `id` when given), newest first. */
export function approvedCards(db: Db, userId: number, id?: number): Promise<CardTarget[]> {
  return approved(db, bankCards, userId, id);
}
