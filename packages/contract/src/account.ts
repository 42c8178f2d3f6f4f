import { z } from 'zod';

/** E.164: a plus sign, a country code and at most 15 digits in all. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isEmail(value: string): boolean {
  return z.email().safeParse(value).success;
}

/** An account is an e-mail address or a mobile number in international form; e-mail is case-insensitive. */
export function normalizeAccount(value: string): string {
  const trimmed = value.trim();
  return isPhone(trimmed) ? trimmed : trimmed.toLowerCase();
}

export const accountField = z
  .string()
  .trim()
  .min(1, 'validation.contentBlank')
  .max(254, 'validation.invalidAccount')
  .refine((value) => isPhone(value) || isEmail(value), 'validation.invalidAccount')
  .meta({ description: 'An e-mail address or a mobile number in international form (+14155550123)' });

export const passwordField = z
  .string()
  .min(1, 'validation.contentBlank')
  .min(8, 'validation.passwordLength')
  .max(64, 'validation.passwordLength')
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), 'validation.passwordWeak');

export const codeField = z.string().regex(/^\d{6}$/, 'validation.codeFormat');

export const inviteCodeField = z.string().regex(/^[A-Za-z0-9]{6,12}$/, 'validation.inviteCodeFormat');
