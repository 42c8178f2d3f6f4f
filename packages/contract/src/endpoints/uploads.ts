import { defineEndpoint, IMAGE_BYTES, operator, USER } from '../endpoint';
import { uploadIdParams, uploadResult } from '../uploads';

export const uploadsEndpoints = {
  getAdminUpload: defineEndpoint({
    operationId: 'getAdminUpload',
    method: 'GET',
    path: '/api/admin/uploads/:id',
    tag: 'admin',
    summary:
      "A user's image for an operator: documents and payment proofs for reviewers, avatars also for support",
    auth: operator('reviewer', 'support'),
    params: uploadIdParams,
    response: IMAGE_BYTES,
  }),
  uploadImage: defineEndpoint({
    operationId: 'uploadImage',
    method: 'POST',
    path: '/api/uploads',
    tag: 'uploads',
    summary: 'Upload an image (multipart: `file` and `purpose`); it is checked and re-encoded',
    auth: USER,
    notInDemo: true,
    consumes: 'multipart/form-data',
    response: uploadResult,
  }),
  getUpload: defineEndpoint({
    operationId: 'getUpload',
    method: 'GET',
    path: '/api/uploads/:id',
    tag: 'uploads',
    summary: 'The image bytes, for their owner only (anyone else gets 404)',
    auth: USER,
    params: uploadIdParams,
    response: IMAGE_BYTES,
  }),
};
