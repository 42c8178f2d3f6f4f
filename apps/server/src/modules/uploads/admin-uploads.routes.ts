import { uploadIdParams } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AdminsService, requireAdmin } from '../admin';
import { imageResponses, sendImage } from './uploads.routes';
import type { UploadsService } from './uploads.service';

/** Operators see users' images through the back office, each purpose only to the roles that review it. */
export const adminUploadRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  uploads: UploadsService;
}> = async (app, { admins, uploads }) => {
  app.get(
    '/uploads/:id',
    {
      schema: {
        operationId: 'getAdminUpload',
        tags: ['admin'],
        summary:
          "A user's image for an operator: documents and payment proofs for reviewers, avatars also for support",
        security: [{ token: [] }],
        params: uploadIdParams,
        response: imageResponses,
      },
      onRequest: requireAdmin(admins, { roles: ['reviewer', 'support'] }),
    },
    async (request, reply) => {
      const { upload, data } = await uploads.openForViewer(
        { kind: 'admin', role: request.admin.role },
        request.params.id,
      );
      return sendImage(reply, upload, data);
    },
  );
};
