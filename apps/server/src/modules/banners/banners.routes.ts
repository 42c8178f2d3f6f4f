import fastifyMultipart from '@fastify/multipart';
import {
  adminBanner,
  adminBannerList,
  bannerCreateBody,
  bannerIdParams,
  bannerImageParams,
  bannerList,
  bannerReorderBody,
  bannerUpdateBody,
  bannerUploadResult,
  UPLOAD_MAX_BYTES,
} from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { ok, responses } from '../../http/reply';
import { type AdminsService, actorOf, requireAdmin } from '../admin';
import { imageResponses, sendImage, type UploadsService } from '../uploads';
import type { BannersService } from './banners.service';

/** Content editors manage banners; super admins may do everything anyway. */
const EDITORS = { roles: ['content'] } as const;

/** The one `file` part of a multipart body. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw new AppError('uploadMissing');
    const data = await part.toBuffer();
    if (data.length === 0) throw new AppError('uploadMissing');
    return data;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('uploadTooLarge');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('uploadMissing');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('parameterError');
    }
    throw error;
  }
}

/** Anyone's side: the banners in the caller's language, and their pictures. */
export const bannerRoutes: FastifyPluginAsyncZod<{
  banners: BannersService;
  uploads: UploadsService;
}> = async (app, { banners, uploads }) => {
  app.get(
    '/',
    {
      schema: {
        operationId: 'listBanners',
        tags: ['banners'],
        summary:
          "The home screen's banners, shown ones only, in order; titles in the caller's language or en-US",
        response: responses(bannerList),
      },
    },
    async (request) => ok({ items: await banners.publicList(request.locale) }, request.t('common.success')),
  );

  app.get(
    '/images/:id',
    {
      schema: {
        operationId: 'getBannerImage',
        tags: ['banners'],
        summary: 'A banner picture, for anyone; it never changes under its id, so caches may keep it',
        params: bannerImageParams,
        response: imageResponses,
      },
    },
    async (request, reply) => {
      const { upload, data } = await uploads.openPublic(request.params.id);
      return sendImage(reply, upload, data, 'public');
    },
  );
};

/** The back office's side: content editors upload pictures and arrange the banners; every change is audited. */
export const bannerAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  banners: BannersService;
}> = async (app, { admins, banners }) => {
  app.get(
    '/banners',
    {
      schema: {
        operationId: 'listAdminBanners',
        tags: ['admin'],
        summary: 'Every banner, shown or hidden, in order, with its titles in every locale',
        security: [{ token: [] }],
        response: responses(adminBannerList),
      },
      onRequest: requireAdmin(admins, EDITORS),
    },
    async (request) => ok({ items: await banners.adminList() }, request.t('common.success')),
  );

  app.post(
    '/banners',
    {
      schema: {
        operationId: 'createBanner',
        tags: ['admin'],
        summary: 'Adds a banner after the others, with a picture uploaded for banners',
        security: [{ token: [] }],
        body: bannerCreateBody,
        response: responses(adminBanner),
      },
      onRequest: requireAdmin(admins, EDITORS),
    },
    async (request) => ok(await banners.create(request.body, actorOf(request)), request.t('common.success')),
  );

  app.patch(
    '/banners/:id',
    {
      schema: {
        operationId: 'updateBanner',
        tags: ['admin'],
        summary: "Changes a banner's picture, titles, link or whether it is shown",
        security: [{ token: [] }],
        params: bannerIdParams,
        body: bannerUpdateBody,
        response: responses(adminBanner),
      },
      onRequest: requireAdmin(admins, EDITORS),
    },
    async (request) =>
      ok(
        await banners.update(request.params.id, request.body, actorOf(request)),
        request.t('common.success'),
      ),
  );

  app.delete(
    '/banners/:id',
    {
      schema: {
        operationId: 'deleteBanner',
        tags: ['admin'],
        summary: 'Removes a banner from the home screen',
        security: [{ token: [] }],
        params: bannerIdParams,
        response: responses(z.null()),
      },
      onRequest: requireAdmin(admins, EDITORS),
    },
    async (request) => {
      await banners.remove(request.params.id, actorOf(request));
      return ok(null, request.t('common.success'));
    },
  );

  app.put(
    '/banners/order',
    {
      schema: {
        operationId: 'reorderBanners',
        tags: ['admin'],
        summary: 'Puts the banners in a new order: every banner id once, first shown first',
        security: [{ token: [] }],
        body: bannerReorderBody,
        response: responses(adminBannerList),
      },
      onRequest: requireAdmin(admins, EDITORS),
    },
    async (request) =>
      ok({ items: await banners.reorder(request.body.ids, actorOf(request)) }, request.t('common.success')),
  );

  // Multipart is accepted by this route only, in its own scope.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 2, parts: 3 },
    });
    scope.post(
      '/banners/images',
      {
        schema: {
          operationId: 'uploadBannerImage',
          tags: ['admin'],
          summary: 'Uploads a banner picture (multipart `file`); it is re-encoded and then public',
          consumes: ['multipart/form-data'],
          security: [{ token: [] }],
          response: responses(bannerUploadResult),
        },
        onRequest: requireAdmin(admins, EDITORS),
      },
      async (request) => {
        const file = await readImage(request);
        const actor = { ...actorOf(request), adminId: request.admin.id };
        return ok(await banners.uploadImage(file, actor), request.t('common.success'));
      },
    );
  });
};
