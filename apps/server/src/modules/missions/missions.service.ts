import type { adminMission, adminMissionList, missionList } from '@kestrel/contract';
import {
  type AdminMissionBody,
  type AssetAmount,
  type LedgerBook,
  MISSION_AMOUNT_EVENTS,
  type MissionEvent,
  type MissionView,
  STABLECOINS,
} from '@kestrel/contract';
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  formatAmount,
  formatShortest,
  multiplyDecimals,
  parseAmount,
  parseDecimal,
  toScale,
  unitsFromNumeric,
} from '@kestrel/money';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import type { LedgerService } from '../ledger';
import { type Cycle, cycleOf, statusOf } from './mission-rules';
import type { MissionSources } from './mission-sources';
import type { MissionFields, MissionsRepository } from './missions.repository';
import type { MissionCycleRow, MissionRow } from './missions.schema';

/** Where $ values come from: the markets module's index price of an asset's USDT market. */
export type MissionPrices = { indexPrice(symbol: string): string | null };

export type MissionsParts = {
  repository: MissionsRepository;
  sources: MissionSources;
  ledger: LedgerService;
  prices: MissionPrices;
  /** The hall's clock; tests move it to walk tasks through their cycles. */
  now?: () => Date;
};

const STABLE = new Set<string>(STABLECOINS);
/** $ progress is shown to the cent. */
const USD_PLACES = 2;
const ZERO: Decimal = { units: 0n, scale: 0 };

/** A task's reference in the journal: the reward of one user's cycle. */
export function missionReference(missionId: bigint, userId: number, cycleStart: Date): string {
  return `mission:${missionId}:${userId}:${cycleStart.toISOString()}`;
}

type Evaluated = {
  task: MissionRow;
  cycle: Cycle;
  progress: Decimal;
  row: MissionCycleRow | undefined;
  view: MissionView;
};

/**
 * The mission hall: each task's progress in its current cycle, computed from the platform's records when asked
 * and again on a claim, and claims paid from the rewards account through the ledger, once per task, user and
 * cycle. A hidden task counts nothing and pays nothing.
 */
export class MissionsService {
  private readonly now: () => Date;

  constructor(private readonly parts: MissionsParts) {
    this.now = parts.now ?? (() => new Date());
  }

  /** The tasks shown now with the user's progress; a demo account's activity counts toward none (decision 0055). */
  async list(userId: number, book: LedgerBook = 'real'): Promise<z.input<typeof missionList>> {
    const now = this.now();
    const tasks = await this.parts.repository.shownAt(now);
    const items: MissionView[] = [];
    for (const task of tasks) items.push((await this.evaluate(task, userId, now, book === 'real')).view);
    return { items, identityVerified: await this.parts.sources.identityVerified(userId) };
  }

  async claim(userId: number, id: string): Promise<MissionView> {
    const now = this.now();
    const task = await this.parts.repository.find(BigInt(id));
    if (!task?.visible || task.startsAt > now) throw new AppError('missionUnknown');
    if (!(await this.parts.sources.identityVerified(userId))) throw new AppError('missionIdentityRequired');
    const { view, cycle } = await this.evaluate(task, userId, now);
    if (view.status === 'claimed') throw new AppError('missionAlreadyClaimed');
    if (view.status === 'expired') throw new AppError('missionExpired');
    if (view.status === 'inProgress') throw new AppError('missionNotFinished');
    const precision = (await this.parts.ledger.assets()).get(task.rewardAsset);
    if (precision === undefined) throw new Error(`reward asset ${task.rewardAsset} is not in the ledger`);
    const units = unitsFromNumeric(task.rewardAmount, precision);
    const amount = formatAmount(units, precision);
    const rewards = await this.parts.ledger.systemAccount('rewards');
    const account = (await this.parts.ledger.userAccountIds([userId], 'spot')).get(userId);
    if (account === undefined) throw new Error(`user ${userId} has no spot account`);
    const claimed = await this.parts.ledger.batch(async (batch) => {
      const row = await this.parts.repository
        .on(batch.connection)
        .claim(task.id, userId, cycle.start, { asset: task.rewardAsset, amount }, now);
      if (!row) throw new AppError('missionAlreadyClaimed');
      await batch.payOut('mission_reward', rewards, task.rewardAsset, [
        {
          reference: missionReference(task.id, userId, cycle.start),
          accountId: account,
          units,
          actor: `user:${userId}`,
        },
      ]);
      return row;
    });
    return { ...view, status: 'claimed', claimBy: null, claimedAt: iso(claimed.claimedAt) };
  }

  // ---- Back office ----

  async adminList(): Promise<z.input<typeof adminMissionList>> {
    const rows = await this.parts.repository.all();
    const rewardsPaid: AssetAmount[] = [];
    for (const asset of await this.parts.repository.rewardAssets()) {
      rewardsPaid.push({ asset, amount: await this.parts.ledger.systemBalance('rewards', asset) });
    }
    return {
      items: rows.map((row) => adminView(row.mission, row.claims, row.paid)),
      rewardsPaid,
    };
  }

  async create(body: AdminMissionBody, actor: Actor): Promise<z.input<typeof adminMission>> {
    const fields = await this.fieldsOf(body);
    const row = await withAudit(
      this.parts.repository,
      actor,
      { type: 'mission', id: null },
      body.reason,
      async (repository) => {
        const created = await repository.insert(fields);
        return {
          before: null,
          after: adminView(created, 0, null),
          result: created,
          targetId: String(created.id),
        };
      },
    );
    return adminView(row, 0, null);
  }

  async update(id: string, body: AdminMissionBody, actor: Actor): Promise<z.input<typeof adminMission>> {
    const fields = await this.fieldsOf(body);
    const missionId = BigInt(id);
    const row = await withAudit(
      this.parts.repository,
      actor,
      { type: 'mission', id },
      body.reason,
      async (repository) => {
        const before = await repository.lock(missionId);
        if (!before) throw new AppError('missionUnknown');
        const after = await repository.update(missionId, fields);
        return { before: adminView(before, 0, null), after: adminView(after, 0, null), result: after };
      },
    );
    const { claims, paid } = await this.parts.repository.claimsOf(missionId);
    return adminView(row, claims, paid);
  }

  /** The body's settings, checked beyond its schema: a listed asset, amounts it can hold, a window that ends after it starts. */
  private async fieldsOf(body: AdminMissionBody): Promise<MissionFields> {
    const precision = (await this.parts.ledger.assets()).get(body.rewardAsset);
    if (precision === undefined) throw new AppError('assetUnknown');
    const reward = parseAmount(body.rewardAmount, precision);
    if (reward === undefined || reward <= 0n) throw new AppError('amountInvalid');
    const threshold = decimalOf(body.threshold);
    if (
      !isAmountEvent(body.event) &&
      threshold.scale > 0 &&
      threshold.units % 10n ** BigInt(threshold.scale) !== 0n
    ) {
      throw new AppError('parameterError');
    }
    const startsAt = new Date(body.startsAt);
    const endsAt = body.endsAt === null ? null : new Date(body.endsAt);
    if (endsAt !== null && endsAt <= startsAt) throw new AppError('parameterError');
    return {
      event: body.event,
      threshold: formatShortest(threshold),
      rewardAsset: body.rewardAsset,
      rewardAmount: formatAmount(reward, precision),
      repeat: body.repeat,
      startsAt,
      endsAt,
      claimHours: body.claimHours,
      visible: body.visible,
    };
  }

  /**
   * A task as the user sees it now: progress in the current cycle, recorded as reached when first seen so. Where
   * activity does not `count` (a demo account's), progress stays nothing and nothing is recorded.
   */
  private async evaluate(task: MissionRow, userId: number, now: Date, counts = true): Promise<Evaluated> {
    const cycle = cycleOf(task, now);
    let row = counts ? await this.parts.repository.cycle(task.id, userId, cycle.start) : undefined;
    const threshold = decimalOf(task.threshold);
    const nothing: Decimal = { units: 0n, scale: 0 };
    const progress = row
      ? threshold
      : counts
        ? await this.progressOf(task.event, userId, cycle, now)
        : nothing;
    const reached = compareDecimals(progress, threshold) >= 0;
    const open = cycle.end === null || now < cycle.end;
    if (reached && !row && open) row = await this.parts.repository.reached(task.id, userId, cycle.start, now);
    const { status, claimBy } = statusOf(
      {
        reached,
        reachedAt: row?.reachedAt ?? null,
        claimedAt: row?.claimedAt ?? null,
        claimHours: task.claimHours,
        cycle,
      },
      now,
    );
    const shown = reached ? threshold : progress;
    return {
      task,
      cycle,
      progress,
      row,
      view: {
        id: String(task.id),
        event: task.event,
        threshold: formatShortest(threshold),
        progress: formatShortest(isAmountEvent(task.event) ? toScale(shown, USD_PLACES, 'down') : shown),
        reward: { asset: task.rewardAsset, amount: formatShortest(decimalOf(task.rewardAmount)) },
        repeat: task.repeat,
        cycleStartsAt: cycle.start.toISOString(),
        cycleEndsAt: cycle.end === null ? null : cycle.end.toISOString(),
        status,
        claimBy: claimBy === null ? null : claimBy.toISOString(),
        claimedAt: iso(row?.claimedAt ?? null),
      },
    };
  }

  /** What the user has done toward the task in the cycle: a count, or a $ value. */
  private async progressOf(event: MissionEvent, userId: number, cycle: Cycle, now: Date): Promise<Decimal> {
    const { sources } = this.parts;
    const window = {
      since: cycle.start,
      until: cycle.end ?? new Date(now.getTime() + 86_400_000),
    };
    const counted = (value: number | boolean): Decimal => ({ units: BigInt(Number(value)), scale: 0 });
    switch (event) {
      case 'identityVerified':
        return counted(await sources.identityVerified(userId));
      case 'firstDeposit':
        return counted((await sources.depositCount(userId)) > 0);
      case 'depositAmount':
        return this.usdValue(await sources.deposits(userId, window));
      case 'spotVolume':
        return this.usdValue(await sources.spotVolume(userId, window));
      case 'futuresVolume':
        return this.usdValue(await sources.futuresVolume(userId, window));
      case 'optionsBought':
        return counted(await sources.optionsBought(userId, window));
      case 'invitedVerified':
        return counted(await sources.invitedVerified(userId, window));
      case 'earnSubscribed':
        return this.usdValue(await sources.earnSubscribed(userId, window));
    }
  }

  /** The $ value of amounts at today's index prices; a stablecoin is a dollar, an asset without a price counts nothing. */
  private usdValue(amounts: readonly AssetAmount[]): Decimal {
    let total = ZERO;
    for (const { asset, amount } of amounts) {
      const value = parseDecimal(amount);
      if (value === undefined) continue;
      const price = STABLE.has(asset) ? '1' : this.parts.prices.indexPrice(`${asset}${STABLECOINS[0]}`);
      if (price === null) continue;
      total = addDecimals(total, multiplyDecimals(value, decimalOf(price)));
    }
    return total;
  }
}

function isAmountEvent(event: MissionEvent): boolean {
  return MISSION_AMOUNT_EVENTS.includes(event);
}

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

function adminView(row: MissionRow, claims: number, paid: string | null): z.input<typeof adminMission> {
  return {
    id: String(row.id),
    event: row.event,
    threshold: formatShortest(decimalOf(row.threshold)),
    rewardAsset: row.rewardAsset,
    rewardAmount: formatShortest(decimalOf(row.rewardAmount)),
    repeat: row.repeat,
    startsAt: row.startsAt.toISOString(),
    endsAt: iso(row.endsAt),
    claimHours: row.claimHours,
    visible: row.visible,
    claims,
    paid: formatShortest(decimalOf(paid ?? '0')),
    updatedAt: row.updatedAt.toISOString(),
  };
}
