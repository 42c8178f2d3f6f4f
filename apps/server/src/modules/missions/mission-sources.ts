import type { AssetAmount } from '@kestrel/contract';
import { and, count, eq, gte, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userInvitations } from '../auth';
import { futuresFills } from '../futures';
import { verifiedIdentities } from '../identity';
import { userPostings } from '../ledger';
import { optionOrdersPlaced } from '../options';
import { spotFills } from '../spot';

/** The span progress counts in: from `since` (inclusive) to `until` (exclusive). */
export type CountWindow = { since: Date; until: Date };

/**
 * Where the mission hall reads progress: what the platform already records, never what a screen reports. Amounts
 * are per asset (deposits, earn subscriptions) or per quote asset (fills), valued in $ by the service.
 */
export interface MissionSources {
  identityVerified(userId: number): Promise<boolean>;
  /** Completed deposits ever (a first deposit made before the task started counts). */
  depositCount(userId: number): Promise<number>;
  deposits(userId: number, window: CountWindow): Promise<AssetAmount[]>;
  spotVolume(userId: number, window: CountWindow): Promise<AssetAmount[]>;
  futuresVolume(userId: number, window: CountWindow): Promise<AssetAmount[]>;
  optionsBought(userId: number, window: CountWindow): Promise<number>;
  /** Invitees who registered in the window and whose identity is verified. */
  invitedVerified(userId: number, window: CountWindow): Promise<number>;
  earnSubscribed(userId: number, window: CountWindow): Promise<AssetAmount[]>;
}

/** The platform's records, through each owner's read model: identity, ledger, spot, futures, options, users. */
export class RecordedMissionSources implements MissionSources {
  /** `quoteOf` names a market's quote asset (the markets module's directory). */
  constructor(
    private readonly db: Db,
    private readonly quoteOf: (symbol: string) => string | undefined,
  ) {}

  async identityVerified(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: verifiedIdentities.userId })
      .from(verifiedIdentities)
      .where(eq(verifiedIdentities.userId, userId))
      .limit(1);
    return row !== undefined;
  }

  async depositCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(userPostings)
      .where(and(eq(userPostings.userId, userId), eq(userPostings.kind, 'deposit')));
    return row?.value ?? 0;
  }

  async deposits(userId: number, window: CountWindow): Promise<AssetAmount[]> {
    return this.postingsOf(userId, 'deposit', window, 1);
  }

  async earnSubscribed(userId: number, window: CountWindow): Promise<AssetAmount[]> {
    // A subscription takes from the user's account: its posting is negative.
    return this.postingsOf(userId, 'earn_subscription', window, -1);
  }

  async spotVolume(userId: number, window: CountWindow): Promise<AssetAmount[]> {
    const rows = await this.db
      .select({ symbol: spotFills.symbol, amount: sum(spotFills.quoteAmount) })
      .from(spotFills)
      .where(
        and(
          sql`(${spotFills.takerUserId} = ${userId} or ${spotFills.makerUserId} = ${userId})`,
          gte(spotFills.createdAt, window.since),
          lt(spotFills.createdAt, window.until),
        ),
      )
      .groupBy(spotFills.symbol);
    return this.byQuote(rows);
  }

  async futuresVolume(userId: number, window: CountWindow): Promise<AssetAmount[]> {
    const rows = await this.db
      .select({ symbol: futuresFills.symbol, amount: sql<string>`sum(${futuresFills.quoteAmount})::text` })
      .from(futuresFills)
      .where(
        and(
          sql`(${futuresFills.takerUserId} = ${userId} or ${futuresFills.makerUserId} = ${userId})`,
          gte(futuresFills.createdAt, window.since),
          lt(futuresFills.createdAt, window.until),
        ),
      )
      .groupBy(futuresFills.symbol);
    return this.byQuote(rows);
  }

  async optionsBought(userId: number, window: CountWindow): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(optionOrdersPlaced)
      .where(
        and(
          eq(optionOrdersPlaced.userId, userId),
          gte(optionOrdersPlaced.acceptedAt, window.since),
          lt(optionOrdersPlaced.acceptedAt, window.until),
        ),
      );
    return row?.value ?? 0;
  }

  async invitedVerified(userId: number, window: CountWindow): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(userInvitations)
      .innerJoin(verifiedIdentities, eq(verifiedIdentities.userId, userInvitations.id))
      .where(
        and(
          eq(userInvitations.invitedBy, userId),
          gte(userInvitations.createdAt, window.since),
          lt(userInvitations.createdAt, window.until),
          isNotNull(verifiedIdentities.verifiedAt),
        ),
      );
    return row?.value ?? 0;
  }

  private async postingsOf(
    userId: number,
    kind: string,
    window: CountWindow,
    sign: 1 | -1,
  ): Promise<AssetAmount[]> {
    const rows = await this.db
      .select({ asset: userPostings.asset, amount: sql<string>`sum(${userPostings.amount}) * ${sign}` })
      .from(userPostings)
      .where(
        and(
          eq(userPostings.userId, userId),
          eq(userPostings.kind, kind),
          gte(userPostings.createdAt, window.since),
          lt(userPostings.createdAt, window.until),
        ),
      )
      .groupBy(userPostings.asset);
    return rows.map((row) => ({ asset: row.asset, amount: String(row.amount) }));
  }

  private byQuote(rows: ReadonlyArray<{ symbol: string; amount: string | null }>): AssetAmount[] {
    return rows.flatMap((row) => {
      const quote = this.quoteOf(row.symbol);
      return quote === undefined || row.amount === null ? [] : [{ asset: quote, amount: String(row.amount) }];
    });
  }
}
