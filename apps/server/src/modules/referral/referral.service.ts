import {
  type AdminReferral,
  type AssetAmount,
  COMMISSION_SOURCES,
  type CommissionSource,
  type ReferralOverview,
  type ReferralSettingsBody,
  type referralCommissionPage,
  type referralInviteePage,
  STABLECOINS,
} from '@kestrel/contract';
import {
  addDecimals,
  type Decimal,
  decimalOf,
  formatAmount,
  formatDecimal,
  formatShortest,
  multiplyDecimals,
  toScale,
  type Units,
  unitsAt,
  unitsFromNumeric,
} from '@kestrel/money';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { type Actor, withAudit } from '../admin';
import type { LedgerService } from '../ledger';
import type { FeeFill, NewCommission, ReferralRepository } from './referral.repository';
import type { ReferralSettingsRow } from './referral.schema';
import { maskedAccount } from './referral-views';

/** What the batch needs of the markets: a market's base and quote asset. */
export type ReferralMarkets = {
  market(symbol: string): { base: string; quote: string } | undefined;
  indexPrice(symbol: string): string | null;
};

export type ReferralParts = {
  repository: ReferralRepository;
  ledger: LedgerService;
  markets: ReferralMarkets;
};

export type BatchOptions = {
  /**
   * Fills younger than this are left for the next batch: a trade's id is taken before its transaction commits, so
   * a fill with a lower id could still appear; the watermark never passes one that is not this old.
   */
  horizonSeconds?: number;
  /** Fills read per round of a source. */
  limit?: number;
};

export const BATCH_HORIZON_SECONDS = 30;
const BATCH_LIMIT = 2_000;
const STABLE = new Set<string>(STABLECOINS);

/** A commission's reference in the journal: one per fee. */
export function commissionReference(source: CommissionSource, tradeId: bigint, side: string): string {
  return `referral:${source}:${tradeId}:${side}`;
}

/** The rate in force at `at`: the latest that started no later. */
export function rateAt(
  rates: ReadonlyArray<{ rate: string; effectiveFrom: Date }>,
  at: Date,
): string | undefined {
  let found: string | undefined;
  for (const rate of rates) {
    if (rate.effectiveFrom.getTime() <= at.getTime()) found = rate.rate;
  }
  return found;
}

/** What a fee earns at a rate, rounded down to the asset's precision (0: nothing is credited). */
export function commissionUnits(fee: string, rate: string, precision: number): Units {
  return unitsAt(multiplyDecimals(decimalOf(fee), decimalOf(rate)), precision, 'down') as Units;
}

/**
 * Referral: the inviter's overview, invitees (masked) and commissions, the operators' settings, and the batch
 * that credits a share of each invitee's spot and futures fees to their inviter, exactly once per fee.
 */
export class ReferralService {
  constructor(private readonly parts: ReferralParts) {}

  async overview(userId: number): Promise<ReferralOverview> {
    const { repository } = this.parts;
    const [code, counts, settings, earned] = [
      await repository.inviteCodeOf(userId),
      await repository.inviteeCounts(userId),
      await repository.settings(),
      await this.amounts(await repository.earned(userId)),
    ];
    return {
      inviteCode: code ?? '',
      commissionRate: formatShortest(decimalOf(settings.commissionRate)),
      invitees: counts.invitees,
      verifiedInvitees: counts.verified,
      earned,
      earnedValue: formatDecimal(toScale(this.usdValue(earned), 2, 'down')),
    };
  }

  async invitees(
    userId: number,
    query: { cursor?: string; limit: number },
  ): Promise<z.input<typeof referralInviteePage>> {
    const before = this.cursorOf(query.cursor);
    const rows = await this.parts.repository.invitees(
      userId,
      before === undefined ? undefined : Number(before),
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const earned = await this.parts.repository.earnedFrom(
      userId,
      page.map((row) => row.id),
    );
    const items = [];
    for (const row of page) {
      items.push({
        account: maskedAccount(row),
        joinedAt: row.joinedAt.toISOString(),
        verified: row.verifiedAt !== null,
        commission: await this.amounts(
          earned
            .filter((each) => each.inviteeId === row.id)
            .map((each) => ({ asset: each.asset, amount: each.amount ?? '0' })),
        ),
      });
    }
    const last = page.at(-1);
    return { items, next: rows.length > query.limit && last ? encodeCursor(BigInt(last.id)) : null };
  }

  async commissions(
    userId: number,
    query: { cursor?: string; limit: number },
  ): Promise<z.input<typeof referralCommissionPage>> {
    const rows = await this.parts.repository.commissions(
      userId,
      this.cursorOf(query.cursor),
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const precisions = await this.parts.ledger.assets();
    const shown = (asset: string, value: string) =>
      formatShortest(toScale(decimalOf(value), precisions.get(asset) ?? 18, 'down'));
    const items = page.map(({ commission, email, phone }) => ({
      id: String(commission.id),
      source: commission.source,
      asset: commission.asset,
      fee: shown(commission.asset, commission.fee),
      amount: shown(commission.asset, commission.amount),
      invitee: maskedAccount({ email, phone }),
      feePaidAt: commission.feePaidAt.toISOString(),
      creditedAt: commission.creditedAt.toISOString(),
    }));
    const last = page.at(-1);
    return { items, next: rows.length > query.limit && last ? encodeCursor(last.commission.id) : null };
  }

  // ---- Back office ----

  async admin(): Promise<AdminReferral> {
    return this.adminView(await this.parts.repository.settings());
  }

  async updateSettings(body: ReferralSettingsBody, actor: Actor): Promise<AdminReferral> {
    const rate = formatShortest(decimalOf(body.commissionRate));
    const row = await withAudit(
      this.parts.repository,
      actor,
      { type: 'referralSettings', id: 1 },
      body.reason,
      async (repository) => {
        const before = await repository.lockSettings();
        const after = await repository.updateSettings({
          commissionRate: rate,
          batchMinutes: body.batchMinutes,
        });
        // Fees paid from now on earn the new rate; those paid before keep theirs.
        if (formatShortest(decimalOf(before.commissionRate)) !== rate) await repository.startRate(rate);
        return { before: settingsOf(before), after: settingsOf(after), result: after };
      },
    );
    return this.adminView(row);
  }

  /** How long to wait between two batches, as the operators set it. */
  async batchInterval(): Promise<number> {
    return (await this.parts.repository.settings()).batchMinutes * 60_000;
  }

  // ---- The batch ----

  /**
   * One batch: every source's fills past its watermark, a round at a time, until none is left. Answers how many
   * commissions it credited. Safe to run on two nodes at once (the watermark's row lock orders them) and to rerun.
   */
  async runBatch(options: BatchOptions = {}): Promise<number> {
    let credited = 0;
    for (const source of COMMISSION_SOURCES) {
      for (;;) {
        const round = await this.round(source, options);
        credited += round.credited;
        if (!round.more) break;
      }
    }
    await this.parts.repository.recordBatch(credited);
    return credited;
  }

  /**
   * One round of a source: commissions are worked out from a read outside any transaction (and the inviters'
   * accounts opened), then written in one transaction that first locks the watermark: if another runner moved it
   * meanwhile, the round writes nothing and is read again. The commission rows (unique per fee), their journal
   * transactions (one reference per fee) and the new watermark commit together.
   */
  private async round(
    source: CommissionSource,
    { horizonSeconds = BATCH_HORIZON_SECONDS, limit = BATCH_LIMIT }: BatchOptions,
  ): Promise<{ credited: number; more: boolean }> {
    const { repository, ledger } = this.parts;
    const after = await repository.watermark(source);
    const read = await repository.fillsAfter(source, after, limit, horizonSeconds);
    // Stop at the first fill too young: the watermark must not pass a fill that may still have company below it.
    const young = read.findIndex((fill) => !fill.settled);
    const fills = young === -1 ? read : read.slice(0, young);
    const last = fills.at(-1);
    if (!last) return { credited: 0, more: false };
    const inviters = await repository.invitersOf(
      fills.flatMap((fill) => [fill.takerUserId, fill.makerUserId]),
    );
    const commissions = this.commissionsOf(
      source,
      fills,
      inviters,
      await repository.rates(),
      await ledger.assets(),
    );
    const accounts = await ledger.userAccountIds(
      commissions.map((each) => each.inviterId),
      'spot',
    );
    const fees = await ledger.systemAccount('fees');
    const credited = await ledger.batch(async (batch) => {
      const inTransaction = repository.on(batch.connection);
      if ((await inTransaction.watermark(source, true)) !== after) return undefined;
      const inserted = await inTransaction.insertCommissions(commissions);
      const byAsset = new Map<string, typeof inserted>();
      for (const row of inserted) byAsset.set(row.asset, [...(byAsset.get(row.asset) ?? []), row]);
      const precisions = await ledger.assets();
      for (const [asset, rows] of byAsset) {
        const precision = precisions.get(asset) ?? 0;
        await batch.payOut(
          'referral_commission',
          fees,
          asset,
          rows.map((row) => {
            const accountId = accounts.get(row.inviterId);
            if (accountId === undefined) throw new Error(`inviter ${row.inviterId} has no spot account`);
            return {
              reference: commissionReference(row.source, row.tradeId, row.side),
              accountId,
              units: unitsFromNumeric(row.amount, precision),
              actor: 'system' as const,
            };
          }),
        );
      }
      await inTransaction.advanceWatermark(source, last.id);
      return inserted.length;
    });
    if (credited === undefined) return { credited: 0, more: true };
    return { credited, more: read.length === limit && young === -1 };
  }

  /** The commissions a round's fills earn: each side's fee of a user who has an inviter, at the rate of its time. */
  private commissionsOf(
    source: CommissionSource,
    fills: readonly FeeFill[],
    inviters: ReadonlyMap<number, number>,
    rates: ReadonlyArray<{ rate: string; effectiveFrom: Date }>,
    precisions: ReadonlyMap<string, number>,
  ): NewCommission[] {
    const commissions: NewCommission[] = [];
    for (const fill of fills) {
      const market = this.parts.markets.market(fill.symbol);
      if (!market) throw new Error(`fill ${fill.id} is in ${fill.symbol}, which is not a market`);
      const rate = rateAt(rates, fill.createdAt);
      if (rate === undefined) continue;
      for (const side of ['taker', 'maker'] as const) {
        const userId = side === 'taker' ? fill.takerUserId : fill.makerUserId;
        const inviterId = inviters.get(userId);
        const fee = side === 'taker' ? fill.takerFee : fill.makerFee;
        if (inviterId === undefined || decimalOf(fee).units <= 0n) continue;
        const asset = feeAssetOf(source, market, side, fill.takerSide);
        const precision = precisions.get(asset);
        if (precision === undefined) throw new Error(`fee asset ${asset} is not in the ledger`);
        const units = commissionUnits(fee, rate, precision);
        if (units === 0n) continue;
        commissions.push({
          source,
          tradeId: fill.id,
          side,
          inviterId,
          inviteeId: userId,
          asset,
          fee,
          rate,
          amount: formatAmount(units, precision),
          feePaidAt: fill.createdAt,
        });
      }
    }
    return commissions;
  }

  private async adminView(row: ReferralSettingsRow): Promise<AdminReferral> {
    return {
      ...settingsOf(row),
      credited: await this.amounts(await this.parts.repository.earned()),
      lastBatchAt: row.lastBatchAt === null ? null : row.lastBatchAt.toISOString(),
      lastBatchCount: row.lastBatchCount,
      updatedAt: row.updatedAt === null ? null : row.updatedAt.toISOString(),
    };
  }

  /** Sums as the ledger shows them: at each asset's precision. */
  private async amounts(rows: ReadonlyArray<{ asset: string; amount: string }>): Promise<AssetAmount[]> {
    const precisions = await this.parts.ledger.assets();
    return rows.map(({ asset, amount }) => ({
      asset,
      amount: formatDecimal(toScale(decimalOf(amount), precisions.get(asset) ?? 18, 'down')),
    }));
  }

  private usdValue(amounts: readonly AssetAmount[]): Decimal {
    let total: Decimal = { units: 0n, scale: 0 };
    for (const { asset, amount } of amounts) {
      const price = STABLE.has(asset) ? '1' : this.parts.markets.indexPrice(`${asset}${STABLECOINS[0]}`);
      if (price === null) continue;
      total = addDecimals(total, multiplyDecimals(decimalOf(amount), decimalOf(price)));
    }
    return total;
  }

  private cursorOf(cursor: string | undefined): bigint | undefined {
    if (cursor === undefined) return undefined;
    const id = decodeCursor(cursor);
    if (id === undefined) throw new AppError('parameterError');
    return id;
  }
}

/** The asset a side's fee was paid in: spot, the buyer's in base and the seller's in quote; futures, the quote. */
export function feeAssetOf(
  source: CommissionSource,
  market: { base: string; quote: string },
  side: 'taker' | 'maker',
  takerSide: string,
): string {
  if (source === 'futures') return market.quote;
  const buys = side === 'taker' ? takerSide === 'buy' : takerSide !== 'buy';
  return buys ? market.base : market.quote;
}

function settingsOf(row: ReferralSettingsRow) {
  return {
    commissionRate: formatShortest(decimalOf(row.commissionRate)),
    batchMinutes: row.batchMinutes,
  };
}
