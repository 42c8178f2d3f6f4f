import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from './auth.schema';
import { MARKET_MAKER_EMAIL } from './market-maker-account.repository';

/*
 * What other modules may read of a user's account (decision 0040); the users table stays this module's. A back
 * office list that shows whose item it is joins `userAccounts` on its `id` and searches its e-mail and phone.
 */

export const userAccounts = new QueryBuilder()
  .select({ id: users.id, email: users.email, phone: users.phone })
  .from(users)
  .as('user_accounts');

export async function userExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

/**
 * Locks the user's row until the end of the caller's transaction (`db` is that transaction), so that two changes
 * to what the user owns take turns.
 */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Who invited whom (the referral module and the mission hall): each user's invitation code, inviter, contact and
 * registration time. The market maker's row has no inviter and a code no one can register with.
 */
export const userInvitations = new QueryBuilder()
  .select({
    id: users.id,
    email: users.email,
    phone: users.phone,
    inviteCode: users.inviteCode,
    invitedBy: users.invitedBy,
    createdAt: users.createdAt,
    /** A demo account (`demo`, decision 0055) earns no one anything and has no membership level. */
    book: users.book,
    /** The market maker's own user: it trades for the platform, so its fees earn no one a commission. */
    isMarketMaker: sql<boolean>`${users.email} is not distinct from ${MARKET_MAKER_EMAIL}`.as(
      'is_market_maker',
    ),
  })
  .from(users)
  .as('user_invitations');
