import { min, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { identityVerifications } from './identity.schema';

/**
 * What other modules may read of identity reviews (the mission hall, referral): each verified user once, with
 * when their identity was first approved.
 */
export const verifiedIdentities = new QueryBuilder()
  .select({
    userId: identityVerifications.userId,
    verifiedAt: min(identityVerifications.reviewedAt).as('verified_at'),
  })
  .from(identityVerifications)
  .where(sql`${identityVerifications.status} = 'approved'`)
  .groupBy(identityVerifications.userId)
  .as('verified_identities');
