import { z } from 'zod';

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
});

export type PublicUser = z.infer<typeof publicUser>;
