import { z } from 'zod';
import { adminReasonField } from './admin';
import { feeRateField } from './markets';
import { ORDERS_MAX_PAGE_SIZE } from './orders';

/*
 * Referral: a user's invitation code links the people who register with it to them. The inviter earns a share of
 * each invitee's spot and futures trading fees, in the fee's asset, credited through the ledger in periodic
 * batches, exactly once per fee. Invitees are shown masked. A user cannot invite themselves, and a chain of
 * invitations never closes on itself.
 */

/** The query parameter of the registration link that fills the invitation code (`/user/register?inviteCode=`). */
export const INVITE_CODE_PARAM = 'inviteCode';

/** Where a fee that earned a commission was paid. */
export const COMMISSION_SOURCES = ['spot', 'futures'] as const;
export type CommissionSource = (typeof COMMISSION_SOURCES)[number];

const cursorField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'validation.parameterError')
  .optional();
const pageQuery = z.object({
  cursor: cursorField,
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(20),
});

export const assetAmount = z.object({ asset: z.string(), amount: z.string() });
export type AssetAmount = z.infer<typeof assetAmount>;

export const referralOverview = z.object({
  inviteCode: z.string(),
  /** The share of an invitee's fee the inviter earns ("0.2" is 20 %). */
  commissionRate: z.string(),
  invitees: z.number().int(),
  /** Invitees whose identity is verified. */
  verifiedInvitees: z.number().int(),
  /** Commissions earned so far, per asset. */
  earned: z.array(assetAmount),
  /** $ value of `earned` at today's prices. */
  earnedValue: z.string(),
});
export type ReferralOverview = z.infer<typeof referralOverview>;

export const referralInvitee = z.object({
  /** The invitee's e-mail or phone, masked (`a***@example.com`, `+44*****789`). */
  account: z.string(),
  joinedAt: z.iso.datetime(),
  verified: z.boolean(),
  /** What their fees have earned the inviter so far, per asset. */
  commission: z.array(assetAmount),
});
export const referralInviteesQuery = pageQuery;
export const referralInviteePage = z.object({ items: z.array(referralInvitee), next: z.string().nullable() });

export const referralCommission = z.object({
  id: z.string(),
  source: z.enum(COMMISSION_SOURCES),
  asset: z.string(),
  /** The invitee's fee it is a share of. */
  fee: z.string(),
  amount: z.string(),
  invitee: z.string(),
  /** When the fee was paid; `creditedAt` when the batch credited the commission. */
  feePaidAt: z.iso.datetime(),
  creditedAt: z.iso.datetime(),
});
export const referralCommissionsQuery = pageQuery;
export const referralCommissionPage = z.object({
  items: z.array(referralCommission),
  next: z.string().nullable(),
});

// ---- Back office ----

export const referralSettings = z.object({
  commissionRate: feeRateField,
  /** Minutes between two commission batches. */
  batchMinutes: z.number().int().min(1).max(1_440),
});
export const referralSettingsBody = referralSettings.extend({ reason: adminReasonField });
export type ReferralSettingsBody = z.input<typeof referralSettingsBody>;

export const adminReferral = referralSettings.extend({
  /** Commissions credited so far, per asset. */
  credited: z.array(assetAmount),
  /** The last batch's end, and how many fees it credited. */
  lastBatchAt: z.iso.datetime().nullable(),
  lastBatchCount: z.number().int(),
  updatedAt: z.iso.datetime().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferral>;
