import fastifyMultipart from '@fastify/multipart';
import { endpoints, UPLOAD_MAX_BYTES, type UploadPurpose, uploadPurposeField } from '@kestrel/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { UploadRow } from './uploads.repository';
import { toUploadResult, type UploadsService } from './uploads.service';

/** Images do not change under an id; the owner's browser may keep them, shared caches may not. */
const CACHE_SECONDS = 24 * 3600;

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/webp': 'webp' } as Record<string, string>;

/** Published pictures (banners) are the same for everyone and never change under their id. */
const PUBLIC_CACHE_SECONDS = 365 * 24 * 3600;

/**
 * Sends stored image bytes with headers that keep them an image: the stored type, nosniff, a harmless file name,
 * and a cache only the viewer's own browser may keep (any cache for a published picture).
 */
export function sendImage(
  reply: FastifyReply,
  upload: UploadRow,
  data: Buffer,
  visibility: 'private' | 'public' = 'private',
) {
  return reply
    .header('Content-Type', upload.mime)
    .header('Content-Disposition', `inline; filename="${upload.id}.${EXTENSIONS[upload.mime] ?? 'bin'}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Cache-Control',
      visibility === 'public'
        ? `public, max-age=${PUBLIC_CACHE_SECONDS}, immutable`
        : `private, max-age=${CACHE_SECONDS}, immutable`,
    )
    .send(data);
}

/** The multipart fields: one `file` and its `purpose`, in either order. */
async function readUploadForm(request: FastifyRequest): Promise<{ purpose: UploadPurpose; file: Buffer }> {
  let purpose: unknown;
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'purpose') {
        purpose = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('uploadTooLarge');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('uploadMissing');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('parameterError');
    }
    throw error;
  }
  const parsedPurpose = uploadPurposeField.safeParse(purpose);
  if (!parsedPurpose.success) throw new AppError('parameterError');
  if (!file || file.length === 0) throw new AppError('uploadMissing');
  return { purpose: parsedPurpose.data, file };
}

export const uploadRoutes: FastifyPluginAsyncZod<{ auth: AuthService; uploads: UploadsService }> = async (
  app,
  { auth, uploads },
) => {
  const route = routesOf(app, { auth });
  // Registered here only, so that no other route accepts multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 4, parts: 5 },
  });

  route(endpoints.uploadImage, async (request) => {
    await uploads.consumeAllowance(request.user.id);
    const { purpose, file } = await readUploadForm(request);
    const row = await uploads.storeImage(request.user.id, purpose, file);
    return ok(toUploadResult(row), request.t('common.success'));
  });

  route(endpoints.getUpload, async (request, reply) => {
    const { upload, data } = await uploads.openForOwner(request.user.id, request.params.id);
    return sendImage(reply, upload, data);
  });
};
