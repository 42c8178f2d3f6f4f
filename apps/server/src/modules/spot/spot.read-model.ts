import { QueryBuilder } from 'drizzle-orm/pg-core';
import { spotTrades } from './spot.schema';

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
