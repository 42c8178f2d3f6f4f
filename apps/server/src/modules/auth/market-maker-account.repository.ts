import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './auth.schema';
import { NO_PASSWORD } from './passwords';

/** The platform user the market maker trades as. */
export const MARKET_MAKER_EMAIL = 'market-maker@kestrel.internal';
/** Outside the invitation-code format, so no one can register as invited by the market maker. */
const MARKET_MAKER_INVITE_CODE = 'market-maker';

export class MarketMakerRepository {
  constructor(private readonly db: Db) {}

  /**
   * The market maker's user id, its row inserted on first use. The row has no password, so no one signs in as
   * it; an account under the same address that has one is a person's, and the maker refuses to trade as it.
   */
  async ensureUser(): Promise<number> {
    await this.db
      .insert(users)
      .values({
        email: MARKET_MAKER_EMAIL,
        passwordHash: NO_PASSWORD,
        inviteCode: MARKET_MAKER_INVITE_CODE,
        nickname: 'Market maker',
      })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, MARKET_MAKER_EMAIL))
      .limit(1);
    if (!row || row.passwordHash !== NO_PASSWORD) {
      throw new Error(`${MARKET_MAKER_EMAIL} is not the market maker's account; refusing to trade as it`);
    }
    return row.id;
  }
}
