import { z } from 'zod';
import { passwordField } from './account';
import { IDENTITY_STATUSES } from './user';

/*
 * The back office: operators' accounts, separate from users', and what they may see and change. Every path here
 * is under /api/admin and answers in the same {code,msg,data} envelope as the user API.
 */

export const ADMIN_ROLES = ['super_admin', 'reviewer', 'support', 'content', 'agent'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Every admin token starts with this, so that a token pasted in the wrong place is recognisable. */
export const ADMIN_TOKEN_PREFIX = 'adm_';

export const CREDIT_SCORE_MIN = 0;
export const CREDIT_SCORE_MAX = 1000;
export const ADMIN_PAGE_SIZE = 20;

export const adminRoleField = z.enum(ADMIN_ROLES, 'backOffice.validation.roleInvalid');

export const adminEmailField = z
  .string()
  .trim()
  .min(1, 'validation.contentBlank')
  .max(254, 'validation.emailIncorrect')
  .pipe(z.email('validation.emailIncorrect'))
  .transform((value) => value.toLowerCase());

export const adminNameField = z
  .string()
  .trim()
  .min(1, 'validation.contentBlank')
  .max(64, 'backOffice.validation.nameLength');

/** The reason an operator gives for a change; it is kept in the audit log beside the change. */
export const adminReasonField = z
  .string('backOffice.validation.reasonRequired')
  .trim()
  .min(1, 'backOffice.validation.reasonRequired')
  .max(500, 'backOffice.validation.reasonLength');

export const totpCodeField = z.string().regex(/^\d{6}$/, 'backOffice.validation.totpFormat');

export const adminSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: adminRoleField,
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
});

// ---- Sign-in and TOTP ----

export const adminLoginBody = z.object({
  email: adminEmailField,
  password: z.string().min(1, 'validation.contentBlank').max(64, 'validation.passwordLength'),
  totp: totpCodeField.optional(),
});

export const adminLoginResult = z.object({
  token: z.string(),
  admin: adminSummary,
  mustEnrolTotp: z
    .boolean()
    .meta({ description: 'TOTP is required and not yet enrolled: only /me, /totp/* and logout work' }),
});

export const totpSetupResult = z.object({
  secret: z.string().meta({ description: 'Base32, for typing into an authenticator app by hand' }),
  otpauthUrl: z.string(),
  qrDataUrl: z.string().meta({ description: 'A PNG data URL of the otpauth URL as a QR code' }),
});

export const totpEnableBody = z.object({ code: totpCodeField });

// ---- Admin accounts and settings (super admin) ----

export const createAdminBody = z.object({
  email: adminEmailField,
  name: adminNameField,
  role: adminRoleField,
  password: passwordField,
});

export const updateAdminBody = z.object({
  role: adminRoleField.optional(),
  disabled: z.boolean().optional(),
  reason: adminReasonField,
});

/** The roles that may be given manual balance adjustments; super admins always may. */
export const ADJUSTMENT_PROPOSER_ROLES = ['reviewer', 'support', 'content'] as const;

/**
 * Per asset code, the largest manual adjustment posted on one operator's word; above it a second operator
 * approves, and an asset not listed always needs one.
 */
export const adjustmentThresholdsField = z
  .record(
    z.string().regex(/^[A-Z0-9]{2,12}$/, 'money.errors.assetUnknown'),
    z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, 'money.errors.amountInvalid'),
    'validation.parameterError',
  )
  .refine((value) => Object.keys(value).length <= 100, 'validation.parameterError');

export const adminSettings = z.object({
  requireTotp: z.boolean(),
  adjustmentApprovalAbove: z.record(z.string(), z.string()),
  adjustmentProposerRole: z.enum(ADJUSTMENT_PROPOSER_ROLES),
  /** Withdrawals only for users whose identity is verified. */
  withdrawalsRequireIdentity: z.boolean(),
});
/** Changes the settings sent, leaving the others as they are; every change is audited with its reason. */
export const updateSettingsBody = z.object({
  requireTotp: z.boolean('validation.parameterError').optional(),
  adjustmentApprovalAbove: adjustmentThresholdsField.optional(),
  adjustmentProposerRole: z.enum(ADJUSTMENT_PROPOSER_ROLES, 'backOffice.validation.roleInvalid').optional(),
  withdrawalsRequireIdentity: z.boolean('validation.parameterError').optional(),
  reason: adminReasonField,
});

// ---- Lists ----

const pageField = z.coerce.number().int().min(1).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE);
const searchField = z.string().trim().max(100).optional();

export const adminIdParams = z.object({ id: z.coerce.number().int().positive() });

/** A page of a list, newest first, and the number of rows matching the filter. */
export function adminPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

// ---- Users (support) ----

export const adminUsersQuery = z.object({ q: searchField, page: pageField, pageSize: pageSizeField });

export const adminUserSummary = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  inviteCode: z.string(),
  creditScore: z.number().int(),
  frozenAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

export const adminUserProfile = adminUserSummary.extend({
  avatarUrl: z.string().nullable(),
  invitedBy: z.number().int().nullable(),
  language: z.string(),
});

export const adminUserSession = z.object({
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const adminUserDetail = z.object({
  user: adminUserProfile,
  sessions: z.array(adminUserSession),
  inviteeCount: z.number().int(),
  identity: z.object({
    status: z.enum(IDENTITY_STATUSES),
    /** The newest identity submission, for a link to it in the review queue; null when there is none. */
    latestSubmissionId: z.number().int().nullable(),
  }),
});

export const adminReasonBody = z.object({ reason: adminReasonField });

export const creditScoreBody = z.object({
  score: z
    .number('backOffice.validation.creditScoreRange')
    .int('backOffice.validation.creditScoreRange')
    .min(CREDIT_SCORE_MIN, 'backOffice.validation.creditScoreRange')
    .max(CREDIT_SCORE_MAX, 'backOffice.validation.creditScoreRange'),
  reason: adminReasonField,
});

// ---- Outbox (support) ----

export const adminOutboxQuery = z.object({ q: searchField, page: pageField, pageSize: pageSizeField });

export const adminOutboxItem = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  deliveredAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

// ---- Audit log (super admin) ----

export const auditQuery = z.object({
  adminId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(64).optional(),
  q: searchField,
  page: pageField,
  pageSize: pageSizeField,
});

export const auditEntry = z.object({
  id: z.number().int(),
  admin: z
    .object({ id: z.number().int(), email: z.string() })
    .nullable()
    .meta({ description: 'Null for actions of the system itself, such as the start-up bootstrap' }),
  action: z.string().meta({ description: 'The operationId of the admin endpoint, or a system action' }),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export type AdminSummary = z.infer<typeof adminSummary>;
export type AdminLoginBody = z.infer<typeof adminLoginBody>;
export type AdminLoginResult = z.infer<typeof adminLoginResult>;
export type TotpSetupResult = z.infer<typeof totpSetupResult>;
export type TotpEnableBody = z.infer<typeof totpEnableBody>;
export type CreateAdminBody = z.infer<typeof createAdminBody>;
export type UpdateAdminBody = z.infer<typeof updateAdminBody>;
export type AdminSettings = z.infer<typeof adminSettings>;
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;
export type AdminUserSummary = z.infer<typeof adminUserSummary>;
export type AdminUserProfile = z.infer<typeof adminUserProfile>;
export type AdminUserSession = z.infer<typeof adminUserSession>;
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
export type AdminReasonBody = z.infer<typeof adminReasonBody>;
export type CreditScoreBody = z.infer<typeof creditScoreBody>;
export type AdminOutboxQuery = z.infer<typeof adminOutboxQuery>;
export type AdminOutboxItem = z.infer<typeof adminOutboxItem>;
export type AuditQuery = z.infer<typeof auditQuery>;
export type AuditEntry = z.infer<typeof auditEntry>;
export type AdminPage<T> = { items: T[]; total: number };
