import { z } from 'zod';
import { adminPageOf, adminReasonField } from './admin';
import { IDENTITY_STATUSES } from './user';

/*
 * Identity verification (spec sections 3 and 4): a user proves who they are with an ID card or a passport, and a
 * reviewer in the back office approves or rejects the submission with a reason.
 */

export const IDENTITY_DOCUMENTS = ['id_card', 'passport'] as const;
export type IdentityDocument = (typeof IDENTITY_DOCUMENTS)[number];

/** ISO 3166-1 alpha-2 codes; screens name them in the reader's language with Intl.DisplayNames. */
// biome-ignore format: a table reads better in rows
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB',
  'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY',
  'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX',
  'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK',
  'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS',
  'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR',
  'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA',
  'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE',
  'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG',
  'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF',
  'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY',
  'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const REAL_NAME_MAX_LENGTH = 64;
export const DOCUMENT_NUMBER_MAX_LENGTH = 32;
export const ADDRESS_MAX_LENGTH = 200;

// Control characters and the invisible bidi overrides that could disguise what a reviewer reads.
const CONTROL_CHARACTERS = /\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u;

function textField(required: 'identity.realNameRequired' | 'identity.addressRequired', max: number) {
  return z
    .string(required)
    .trim()
    .min(1, required)
    .refine((value) => Array.from(value).length <= max, 'identity.tooLong')
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'identity.invalidCharacters');
}

export const identitySubmissionBody = z
  .object({
    documentType: z.enum(IDENTITY_DOCUMENTS, 'identity.documentTypeRequired'),
    realName: textField('identity.realNameRequired', REAL_NAME_MAX_LENGTH),
    /** Letters, digits, spaces and hyphens as printed; stored upper-cased without spaces. */
    documentNumber: z
      .string('identity.documentNumberRequired')
      .trim()
      .min(1, 'identity.documentNumberRequired')
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .max(DOCUMENT_NUMBER_MAX_LENGTH, 'identity.documentNumberInvalid')
          .regex(/^[A-Z0-9][A-Z0-9-]{3,}$/, 'identity.documentNumberInvalid'),
      ),
    nation: z.enum(COUNTRY_CODES, 'identity.nationRequired'),
    address: textField('identity.addressRequired', ADDRESS_MAX_LENGTH),
    /** The card's front, or the passport's photo page. */
    frontUploadId: z.uuid('identity.frontRequired'),
    /** The card's back; a passport has none. */
    backUploadId: z.uuid('identity.backRequired').nullish(),
  })
  .refine((value) => value.documentType === 'passport' || value.backUploadId, {
    message: 'identity.backRequired',
    path: ['backUploadId'],
  });

/** What the user sees of their own verification. */
export const identityView = z.object({
  status: z.enum(IDENTITY_STATUSES),
  /** The latest submission, absent while uncertified. */
  submission: z
    .object({
      documentType: z.enum(IDENTITY_DOCUMENTS),
      realName: z.string(),
      /** Only the first and last characters; the full number is never sent back to the app. */
      documentNumberMasked: z.string(),
      nation: z.enum(COUNTRY_CODES),
      address: z.string(),
      frontUrl: z.string(),
      backUrl: z.string().nullable(),
      submittedAt: z.iso.datetime(),
      reviewedAt: z.iso.datetime().nullable(),
      /** The reviewer's reason when the status is failed. */
      rejectionReason: z.string().nullable(),
    })
    .nullable(),
});

// ---- Review queues (back office) ----

/** Every review queue answers to the same list filter, so screens and tests share one pattern. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewQueueQuery = z.object({
  status: z.enum(REVIEW_STATUSES, 'validation.parameterError').default('pending'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const approveBody = z.object({
  note: z.string().trim().max(500, 'backOffice.validation.reasonLength').optional(),
});
export const rejectBody = z.object({ reason: adminReasonField });

export const reviewer = z.object({ id: z.number().int(), email: z.string() }).nullable();

export const adminIdentitySummary = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  documentType: z.enum(IDENTITY_DOCUMENTS),
  realName: z.string(),
  nation: z.enum(COUNTRY_CODES),
  status: z.enum(REVIEW_STATUSES),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const adminIdentityDetail = adminIdentitySummary.extend({
  documentNumber: z.string(),
  address: z.string(),
  /** Admin image addresses (`/api/admin/uploads/:id`), fetched with the admin token. */
  frontUrl: z.string(),
  backUrl: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reviewer,
  /** Earlier submissions of the same user, newest first, so a reviewer sees what was rejected before. */
  history: z.array(adminIdentitySummary.extend({ rejectionReason: z.string().nullable() })),
});

export const adminIdentityPage = adminPageOf(adminIdentitySummary);

export type IdentitySubmissionBody = z.input<typeof identitySubmissionBody>;
export type IdentityView = z.infer<typeof identityView>;
export type ReviewQueueQuery = z.input<typeof reviewQueueQuery>;
export type ApproveBody = z.infer<typeof approveBody>;
export type RejectBody = z.infer<typeof rejectBody>;
export type AdminIdentitySummary = z.infer<typeof adminIdentitySummary>;
export type AdminIdentityDetail = z.infer<typeof adminIdentityDetail>;
