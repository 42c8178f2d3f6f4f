import { z } from 'zod';

/** What an upload is for; every later upload (identity documents, payment screenshots) names its purpose. */
export const UPLOAD_PURPOSES = ['avatar', 'identity', 'payment_proof'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The image types accepted, recognised by their bytes; everything is re-encoded to one of the stored types. */
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;

export const uploadPurposeField = z.enum(UPLOAD_PURPOSES, 'validation.parameterError');

export const uploadResult = z.object({
  id: z.uuid(),
  purpose: uploadPurposeField,
  mime: z.enum(['image/jpeg', 'image/webp']),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string().meta({ description: 'Where the owner fetches the image (with their token)' }),
  createdAt: z.iso.datetime(),
});

export const uploadIdParams = z.object({ id: z.string() });

export type UploadResult = z.infer<typeof uploadResult>;

/** The path the owner fetches an upload from. */
export function uploadUrl(id: string): string {
  return `/api/uploads/${id}`;
}

/** The path an operator fetches an upload from, with the admin token and a role allowed to see its purpose. */
export function adminUploadUrl(id: string): string {
  return `/api/admin/uploads/${id}`;
}
