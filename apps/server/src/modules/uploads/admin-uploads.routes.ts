import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route';
import type { AdminsService } from '../admin';
import { sendImage } from './uploads.routes';
import type { UploadsService } from './uploads.service';

/** Operators see users' images through the back office, each purpose only to the roles that review it. */
export const adminUploadRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  uploads: UploadsService;
}> = async (app, { admins, uploads }) => {
  const route = routesOf(app, { admins });
  route(endpoints.getAdminUpload, async (request, reply) => {
    const { upload, data } = await uploads.openForViewer(
      { kind: 'admin', role: request.admin.role },
      request.params.id,
    );
    return sendImage(reply, upload, data);
  });
};
