import { z } from 'zod';

/** Spec section 4: uncertified → submitted (under certification) → verified, or failed with a reason. */
export const IDENTITY_STATUSES = ['uncertified', 'submitted', 'verified', 'failed'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** A user as the user app sees them: never a secret, never another user's data. */
export const publicUser = z.object({
  id: z.number().int().meta({ description: 'The public UID' }),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  inviteCode: z.string(),
  creditScore: z.number().int(),
  hasSecurityPassword: z.boolean().meta({ description: 'Whether the security (payment) password is set' }),
  createdAt: z.iso.datetime(),
  demo: z
    .boolean()
    .meta({ description: 'A demo account: virtual funds on live prices, walled off from real money' }),
  identityStatus: z
    .enum(IDENTITY_STATUSES)
    .optional()
    .meta({ description: 'Where identity verification stands; answered by GET /api/user/info' }),
});

export type PublicUser = z.infer<typeof publicUser>;
