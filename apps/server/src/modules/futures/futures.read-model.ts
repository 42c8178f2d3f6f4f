import { type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { futuresTrades } from './futures.schema';
import { MARGIN_ASSET } from './futures-risk';

/*
 * What other modules may read of the futures tables, as subqueries for their own set-based statements
 * (decision 0040).
 */

/**
 * Every user's futures fills in [since, until), maker and taker alike (the liquidation engine's included), as
 * their notional summed per user: a subquery of columns `user_id`, `asset` (the margin asset, USDT) and `amount`.
 * The membership snapshot's 30-day volume.
 */
export function futuresFillsBetween(since: Date, until: Date): SQL {
  const window = sql`${futuresTrades.createdAt} >= ${since.toISOString()}::timestamptz
    and ${futuresTrades.createdAt} < ${until.toISOString()}::timestamptz`;
  return sql`select fills.user_id, ${MARGIN_ASSET}::text as asset, sum(fills.notional) as amount from (
      select ${futuresTrades.takerUserId} as user_id, ${futuresTrades.price} * ${futuresTrades.size} as notional
      from ${futuresTrades} where ${window}
      union all
      select ${futuresTrades.makerUserId}, ${futuresTrades.price} * ${futuresTrades.size}
      from ${futuresTrades} where ${window}
    ) as fills
    group by fills.user_id`;
}

/**
 * What other modules may read of futures fills (the mission hall's volume, referral commissions): each trade with
 * both users, its quote value (price × size) and both fees, which are paid in the market's quote asset.
 */
export const futuresFills = new QueryBuilder()
  .select({
    id: futuresTrades.id,
    symbol: futuresTrades.symbol,
    takerUserId: futuresTrades.takerUserId,
    makerUserId: futuresTrades.makerUserId,
    takerSide: futuresTrades.takerSide,
    quoteAmount: sql<string>`${futuresTrades.price} * ${futuresTrades.size}`.as('quote_amount'),
    makerFee: futuresTrades.makerFee,
    takerFee: futuresTrades.takerFee,
    createdAt: futuresTrades.createdAt,
  })
  .from(futuresTrades)
  .as('futures_fills');
