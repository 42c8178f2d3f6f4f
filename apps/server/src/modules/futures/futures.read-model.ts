import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { futuresTrades } from './futures.schema';

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
