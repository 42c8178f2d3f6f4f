import { z } from 'zod';
import { adminReasonField } from './admin';
import { decimalField } from './markets';
import { amountField, assetField } from './wallet';

/*
 * The mission hall. Tasks are data an operator sets: the event that counts, a threshold, the window the task
 * runs in, the reward, how long a finished task may be claimed, once or repeated each day or week. Progress is
 * computed from what the platform already records (identity reviews, deposits, trades, option orders, earn
 * orders, invitations), never reported by a screen. A claim pays the reward from the rewards account through the
 * ledger, once, and needs a verified identity.
 */

/**
 * What a task counts. Counts: identityVerified (1 once verified), firstDeposit (1 once a deposit completed),
 * optionsBought (option orders placed), invitedVerified (invitees who verified their identity). $ amounts:
 * depositAmount (completed deposits), spotVolume and futuresVolume (the quote value of the user's fills),
 * earnSubscribed (earn subscriptions).
 */
export const MISSION_EVENTS = [
  'identityVerified',
  'firstDeposit',
  'depositAmount',
  'spotVolume',
  'futuresVolume',
  'optionsBought',
  'invitedVerified',
  'earnSubscribed',
] as const;
export type MissionEvent = (typeof MISSION_EVENTS)[number];

/** Events whose threshold is a $ amount; the others count occurrences. */
export const MISSION_AMOUNT_EVENTS: readonly MissionEvent[] = [
  'depositAmount',
  'spotVolume',
  'futuresVolume',
  'earnSubscribed',
];

/** A once task counts from its start; a repeated one counts each UTC day or week (from Monday) afresh. */
export const MISSION_REPEATS = ['once', 'daily', 'weekly'] as const;
export type MissionRepeat = (typeof MISSION_REPEATS)[number];

/**
 * A user's task in its current cycle: in progress until the threshold is reached, then claimable until the claim
 * deadline, claimed once paid, expired when the deadline passed unclaimed (or the window closed unfinished).
 */
export const MISSION_STATUSES = ['inProgress', 'claimable', 'claimed', 'expired'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const missionReward = z.object({ asset: z.string(), amount: z.string() });

export const missionView = z.object({
  id: z.string(),
  event: z.enum(MISSION_EVENTS),
  /** A count or a $ amount (see MISSION_AMOUNT_EVENTS). */
  threshold: z.string(),
  /** Where the user stands in the current cycle, capped at the threshold. */
  progress: z.string(),
  reward: missionReward,
  repeat: z.enum(MISSION_REPEATS),
  /** The current cycle: the task's start (once) or the day's or week's start (repeated). */
  cycleStartsAt: z.iso.datetime(),
  /** The cycle's end: the task's end (once; null when it has none) or the next day's or week's start. */
  cycleEndsAt: z.iso.datetime().nullable(),
  status: z.enum(MISSION_STATUSES),
  /** While claimable: the last moment a claim is paid. */
  claimBy: z.iso.datetime().nullable(),
  claimedAt: z.iso.datetime().nullable(),
});
export type MissionView = z.infer<typeof missionView>;

export const missionList = z.object({
  items: z.array(missionView),
  /** Rewards are paid to verified users only: the screen says so before a claim. */
  identityVerified: z.boolean(),
});

export const missionParams = z.object({
  id: z.string('missions.errors.missionUnknown').regex(/^\d{1,18}$/, 'missions.errors.missionUnknown'),
});

// ---- Back office ----

export const adminMissionBody = z.object({
  event: z.enum(MISSION_EVENTS, 'validation.parameterError'),
  threshold: decimalField,
  rewardAsset: assetField,
  rewardAmount: amountField,
  repeat: z.enum(MISSION_REPEATS, 'validation.parameterError'),
  startsAt: z.iso.datetime('validation.parameterError'),
  endsAt: z.iso.datetime('validation.parameterError').nullable(),
  /** Hours a finished cycle may be claimed after it is reached. */
  claimHours: z
    .number('validation.parameterError')
    .int()
    .min(1)
    .max(24 * 90),
  /** Shown in the mission hall; a hidden task counts nothing and pays nothing. */
  visible: z.boolean(),
  reason: adminReasonField,
});
export type AdminMissionBody = z.input<typeof adminMissionBody>;

export const adminMission = adminMissionBody.omit({ reason: true }).extend({
  id: z.string(),
  claims: z.number().int(),
  /** Rewards paid so far, in the reward asset. */
  paid: z.string(),
  updatedAt: z.iso.datetime(),
});
export const adminMissionList = z.object({
  items: z.array(adminMission),
  /** The rewards account's position per asset (negative: what it has paid out). */
  rewardsPaid: z.array(missionReward),
});
