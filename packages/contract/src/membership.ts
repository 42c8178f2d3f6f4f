import { z } from 'zod';
import { adminReasonField } from './admin';
import { feeRateField } from './markets';

/*
 * The membership centre: VIP levels by 30-day trading volume (spot and futures, in $) or holdings (in $), each
 * with maker and taker fee discounts that the spot and futures fees apply to orders placed from then on. A daily
 * snapshot sets each user's level; a level reached is kept for a grace period before a downgrade.
 */

/** One level of the table; level 0 is everyone's and needs nothing. */
export const membershipLevel = z.object({
  level: z.number().int().min(0),
  /** The 30-day volume that qualifies ($); either this or the holdings is enough. */
  minVolume: z.string(),
  /** The holdings that qualify ($, at the snapshot's prices). */
  minHoldings: z.string(),
  /** Fraction taken off the maker and the taker fee ("0.1" is 10 % off). */
  makerDiscount: z.string(),
  takerDiscount: z.string(),
});
export type MembershipLevel = z.infer<typeof membershipLevel>;

export const membershipView = z.object({
  level: z.number().int(),
  /** The level the last snapshot's figures qualify for; below `level` during a grace period. */
  qualifiedLevel: z.number().int(),
  /** When a kept level drops to the qualified one unless the user qualifies again; null when not in grace. */
  keptUntil: z.iso.datetime().nullable(),
  /** The last snapshot's figures ($) and time; null before the first snapshot. */
  volume30d: z.string(),
  holdings: z.string(),
  snapshotAt: z.iso.datetime().nullable(),
  /** What the next level needs beyond today's figures; null at the top level. */
  next: z
    .object({
      level: z.number().int(),
      volumeNeeded: z.string(),
      holdingsNeeded: z.string(),
    })
    .nullable(),
  levels: z.array(membershipLevel),
  graceDays: z.number().int(),
});
export type MembershipView = z.infer<typeof membershipView>;

// ---- Back office ----

const adminLevel = z.object({
  minVolume: z.string().regex(/^\d{1,18}(\.\d{1,2})?$/, 'validation.parameterError'),
  minHoldings: z.string().regex(/^\d{1,18}(\.\d{1,2})?$/, 'validation.parameterError'),
  makerDiscount: feeRateField,
  takerDiscount: feeRateField,
});

/**
 * The whole table, level 0 first (which must need nothing); each level needs more than the one below and
 * discounts no less (the server's rule, refused with membershipLevelsInvalid).
 */
export const adminMembershipBody = z.object({
  levels: z.array(adminLevel).min(1).max(10),
  graceDays: z.number('validation.parameterError').int().min(0).max(90),
  reason: adminReasonField,
});
export type AdminMembershipBody = z.input<typeof adminMembershipBody>;

export const adminMembership = z.object({
  levels: z.array(membershipLevel),
  graceDays: z.number().int(),
  /** Members per level at the last snapshot. */
  members: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  lastSnapshotAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type AdminMembership = z.infer<typeof adminMembership>;
