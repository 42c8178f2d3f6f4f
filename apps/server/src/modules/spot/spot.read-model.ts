import { type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { spotTrades } from './spot.schema';

/*
 * What other modules may read of spot's tables, as subqueries for their own set-based statements (decision 0040).
 */

/**
 * Every user's spot fills in [since, until), maker and taker alike, summed per market: a subquery of columns
 * `user_id`, `symbol`, `quote_amount` (in the market's quote asset). The membership snapshot's 30-day volume.
 */
export function spotFillsBetween(since: Date, until: Date): SQL {
  const window = sql`${spotTrades.createdAt} >= ${since.toISOString()}::timestamptz
    and ${spotTrades.createdAt} < ${until.toISOString()}::timestamptz`;
  return sql`select fills.user_id, fills.symbol, sum(fills.quote_amount) as quote_amount from (
      select ${spotTrades.takerUserId} as user_id, ${spotTrades.symbol} as symbol,
        ${spotTrades.quoteAmount} as quote_amount
      from ${spotTrades} where ${window}
      union all
      select ${spotTrades.makerUserId}, ${spotTrades.symbol}, ${spotTrades.quoteAmount}
      from ${spotTrades} where ${window}
    ) as fills
    group by fills.user_id, fills.symbol`;
}

/**
 * What other modules may read of spot fills (the mission hall's volume, referral commissions): each trade with
 * both users, the taker's side, its quote value and both fees (the buyer's in base, the seller's in quote).
 */
export const spotFills = new QueryBuilder()
  .select({
    id: spotTrades.id,
    symbol: spotTrades.symbol,
    takerUserId: spotTrades.takerUserId,
    makerUserId: spotTrades.makerUserId,
    takerSide: spotTrades.takerSide,
    quoteAmount: spotTrades.quoteAmount,
    makerFee: spotTrades.makerFee,
    takerFee: spotTrades.takerFee,
    createdAt: spotTrades.createdAt,
  })
  .from(spotTrades)
  .as('spot_fills');
