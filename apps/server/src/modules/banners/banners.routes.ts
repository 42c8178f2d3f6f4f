import fastifyMultipart from '@fastify/multipart';
import { endpoints, UPLOAD_MAX_BYTES } from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import { sendImage, type UploadsService } from '../uploads';
import type { BannersService } from './banners.service';

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
  const route = routesOf(app, {});
  route(endpoints.listBanners, async (request) =>
    ok({ items: await banners.publicList(request.locale) }, request.t('common.success')),
  );

  route(endpoints.getBannerImage, async (request, reply) => {
    const { upload, data } = await uploads.openPublic(request.params.id);
    return sendImage(reply, upload, data, 'public');
  });
};

/** The back office's side: content editors upload pictures and arrange the banners; every change is audited. */
export const bannerAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  banners: BannersService;
}> = async (app, { admins, banners }) => {
  const route = routesOf(app, { admins });
  route(endpoints.listAdminBanners, async (request) =>
    ok({ items: await banners.adminList() }, request.t('common.success')),
  );

  route(endpoints.createBanner, async (request) =>
    ok(await banners.create(request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.updateBanner, async (request) =>
    ok(await banners.update(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.deleteBanner, async (request) => {
    await banners.remove(request.params.id, actorOf(request));
    return ok(null, request.t('common.success'));
  });

  route(endpoints.reorderBanners, async (request) =>
    ok({ items: await banners.reorder(request.body.ids, actorOf(request)) }, request.t('common.success')),
  );

  // Multipart is accepted by this route only, in its own scope.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 2, parts: 3 },
    });
    routesOf(scope, { admins })(endpoints.uploadBannerImage, async (request) => {
      const file = await readImage(request);
      const actor = { ...actorOf(request), adminId: request.admin.id };
      return ok(await banners.uploadImage(file, actor), request.t('common.success'));
    });
  });
};
