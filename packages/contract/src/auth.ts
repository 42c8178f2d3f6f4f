import { z } from 'zod';
import { accountField, codeField, inviteCodeField, passwordField } from './account';
import { publicUser } from './user';

export const CODE_PURPOSES = ['register', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Seconds a client waits before it may ask for another code for the same account. */
export const CODE_RESEND_SECONDS = 60;

export const sendCodeBody = z.object({
  account: accountField,
  purpose: z.enum(CODE_PURPOSES, 'validation.parameterError'),
});
export const sendCodeResult = z.object({ resendAfter: z.number().int() });

function passwordsMatch(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}
const mismatch = { message: 'validation.passwordMismatch', path: ['confirmPassword'] };

export const registerBody = z
  .object({
    account: accountField,
    password: passwordField,
    confirmPassword: z.string().min(1, 'validation.contentBlank'),
    code: codeField,
    inviteCode: z.union([inviteCodeField, z.literal('')]).optional(),
    termsAccepted: z.literal(true, 'validation.termsRequired'),
  })
  .refine(passwordsMatch, mismatch);

export const loginBody = z.object({
  account: accountField,
  password: z.string().min(1, 'validation.contentBlank').max(64, 'validation.passwordLength'),
});

export const resetBody = z
  .object({
    account: accountField,
    code: codeField,
    password: passwordField,
    confirmPassword: z.string().min(1, 'validation.contentBlank'),
  })
  .refine(passwordsMatch, mismatch);

export const sessionResult = z.object({ token: z.string(), user: publicUser });

export type SendCodeBody = z.infer<typeof sendCodeBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type ResetBody = z.infer<typeof resetBody>;
export type SessionResult = z.infer<typeof sessionResult>;
