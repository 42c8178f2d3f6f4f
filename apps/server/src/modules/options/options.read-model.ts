import { QueryBuilder } from 'drizzle-orm/pg-core';
import { optionOrders } from './options.schema';

/** What other modules may read of option orders (the mission hall's count): who bought, and when. */
export const optionOrdersPlaced = new QueryBuilder()
  .select({ id: optionOrders.id, userId: optionOrders.userId, acceptedAt: optionOrders.acceptedAt })
  .from(optionOrders)
  .as('option_orders_placed');
