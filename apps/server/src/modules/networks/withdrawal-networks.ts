import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assetPrecisions } from '../ledger';
import { assetNetworks } from './networks.schema';

/** Networks open for withdrawals, with their asset's precision: what the withdrawals module may read of them. */
export function withdrawalNetworks(db: Db) {
  return db
    .select({ network: assetNetworks, precision: assetPrecisions.precision })
    .from(assetNetworks)
    .innerJoin(assetPrecisions, eq(assetPrecisions.code, assetNetworks.asset))
    .where(eq(assetNetworks.withdrawalEnabled, true))
    .orderBy(assetNetworks.displayOrder, assetNetworks.id);
}
