import { z } from 'zod';
import { passwordField } from './account';

export const NICKNAME_MAX_LENGTH = 20;

// Control characters (C0, DEL, C1), format characters (zero-width spaces and joiners, bidi overrides, the BOM)
// and every other invisible character Unicode marks default-ignorable (fillers, the soft hyphen), any of which could
// disguise a name. Emoji variation selectors (U+FE0E, U+FE0F) only choose how an emoji is drawn and stay allowed.
const CONTROL_CHARACTERS = /\p{Cc}|\p{Cf}|(?![\ufe0e\ufe0f])\p{Default_Ignorable_Code_Point}/u;

export const nicknameField = z
  .string()
  .trim()
  .min(1, 'profile.nicknameRequired')
  .refine((value) => Array.from(value).length <= NICKNAME_MAX_LENGTH, 'profile.nicknameLength')
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'profile.nicknameInvalid');

export const updateProfileBody = z
  .object({
    nickname: nicknameField.optional(),
    avatarUploadId: z.uuid('validation.parameterError').optional(),
  })
  .refine((value) => value.nickname !== undefined || value.avatarUploadId !== undefined, {
    message: 'validation.contentBlank',
  });

function passwordsMatch(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}
const mismatch = { message: 'validation.passwordMismatch', path: ['confirmPassword'] };

export const changePasswordBody = z
  .object({
    oldPassword: z.string().min(1, 'security.oldPasswordRequired').max(64, 'validation.passwordLength'),
    password: passwordField,
    confirmPassword: z.string().min(1, 'validation.contentBlank'),
  })
  .refine(passwordsMatch, mismatch);

/** The security (payment) password: six digits, as exchanges use for confirming money movements. */
export const securityPasswordField = z
  .string()
  .min(1, 'validation.contentBlank')
  .regex(/^\d{6}$/, 'security.securityPasswordFormat');

/** First time: the login password proves who is setting it. */
export const setSecurityPasswordBody = z
  .object({
    loginPassword: z.string().min(1, 'security.loginPasswordRequired').max(64, 'validation.passwordLength'),
    password: securityPasswordField,
    confirmPassword: z.string().min(1, 'validation.contentBlank'),
  })
  .refine(passwordsMatch, mismatch);

/** Later: the current security password is needed to change it. */
export const changeSecurityPasswordBody = z
  .object({
    oldSecurityPassword: z
      .string()
      .min(1, 'security.oldSecurityPasswordRequired')
      .max(64, 'security.securityPasswordFormat'),
    password: securityPasswordField,
    confirmPassword: z.string().min(1, 'validation.contentBlank'),
  })
  .refine(passwordsMatch, mismatch);

/**
 * What the server accepts: which proof is required depends on whether a security password is set, which only
 * the server knows for sure, so both are optional here and the service asks for the missing one.
 */
export const securityPasswordBody = z
  .object({
    loginPassword: z.string().max(64, 'validation.passwordLength').optional(),
    oldSecurityPassword: z.string().max(64, 'security.securityPasswordFormat').optional(),
    password: securityPasswordField,
    confirmPassword: z.string().min(1, 'validation.contentBlank'),
  })
  .refine(passwordsMatch, mismatch);

export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
export type SetSecurityPasswordBody = z.infer<typeof setSecurityPasswordBody>;
export type ChangeSecurityPasswordBody = z.infer<typeof changeSecurityPasswordBody>;
export type SecurityPasswordBody = z.infer<typeof securityPasswordBody>;
