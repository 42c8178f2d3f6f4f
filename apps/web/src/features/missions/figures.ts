import {
  MISSION_AMOUNT_EVENTS,
  type MissionEvent,
  type MissionStatus,
  type MissionView,
} from '@kestrel/contract';
import type { Locale } from '@kestrel/i18n';
import type { TranslationKey } from '@kestrel/i18n/web';
import { compareDecimals, decimalOf, formatQuantity, parseDecimal } from '@kestrel/money';
import { secondsUntil } from '../../lib/countdown';
import { formatUsd } from '../../lib/usd';

/*
 * How the mission hall reads a task: its title from the event and threshold, its figures, the order of the
 * groups and which deadline its countdown counts to.
 */

/** A title and what fills it in. */
export type MissionTitle = { key: TranslationKey; values: { amount?: string; number?: string } };

export function isAmountEvent(event: MissionEvent): boolean {
  return MISSION_AMOUNT_EVENTS.includes(event);
}

/** A threshold or a progress as the task counts it: a $ amount or a number, in the reader's locale. */
export function formatMissionFigure(event: MissionEvent, figure: string, locale: Locale): string {
  return isAmountEvent(event) ? formatUsd(figure, locale) : formatQuantity(figure, locale);
}

/** "Trade $1,000 on spot today", "Buy an option", "Verify your identity": the event, threshold and cycle. */
export function missionTitle(
  mission: Pick<MissionView, 'event' | 'threshold' | 'repeat'>,
  locale: Locale,
): MissionTitle {
  const { event, threshold, repeat } = mission;
  // Events that happen once in an account's life: their title has no threshold and no cycle.
  if (event === 'identityVerified' || event === 'firstDeposit')
    return { key: `missions.titles.${event}`, values: {} };
  if (isAmountEvent(event)) {
    const key = `missions.titles.${event}.${repeat}` as TranslationKey;
    return { key, values: { amount: formatUsd(threshold, locale) } };
  }
  const one = compareDecimals(parseDecimal(threshold) ?? decimalOf('0'), decimalOf('1')) <= 0;
  const key = `missions.titles.${event}.${repeat}${one ? 'One' : ''}` as TranslationKey;
  return { key, values: { number: formatQuantity(threshold, locale) } };
}

/** The groups of the hall, in the order they are shown: what can be claimed, what is under way, what is over. */
export const MISSION_GROUPS = ['claimable', 'inProgress', 'done'] as const;
export type MissionGroup = (typeof MISSION_GROUPS)[number];

export function groupOf(status: MissionStatus): MissionGroup {
  return status === 'claimable' || status === 'inProgress' ? status : 'done';
}

/** The tasks of each group, in the server's order within it; groups with no task are left out. */
export function groupMissions(missions: readonly MissionView[]): [MissionGroup, MissionView[]][] {
  return MISSION_GROUPS.map(
    (group) =>
      [group, missions.filter((mission) => groupOf(mission.status) === group)] as [
        MissionGroup,
        MissionView[],
      ],
  ).filter(([, items]) => items.length > 0);
}

/** What a task's countdown counts to: the claim deadline while claimable, else the cycle's end (if it has one). */
export type MissionDeadline = { kind: 'claimWithin' | 'resetsIn' | 'timeLeft'; at: string };

export function deadlineOf(
  mission: Pick<MissionView, 'status' | 'claimBy' | 'cycleEndsAt' | 'repeat'>,
): MissionDeadline | null {
  if (mission.status === 'claimable')
    return mission.claimBy ? { kind: 'claimWithin', at: mission.claimBy } : null;
  if (!mission.cycleEndsAt) return null;
  if (mission.status === 'inProgress')
    return { kind: mission.repeat === 'once' ? 'timeLeft' : 'resetsIn', at: mission.cycleEndsAt };
  // A repeated task claimed (or missed) today starts again at the cycle's end.
  return mission.repeat === 'once' ? null : { kind: 'resetsIn', at: mission.cycleEndsAt };
}

/** Seconds left to a deadline at `now`. */
export function secondsLeft(deadline: MissionDeadline, now: Date): number {
  return secondsUntil(new Date(deadline.at), now);
}
