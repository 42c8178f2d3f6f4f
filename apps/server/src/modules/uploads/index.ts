/** Uploaded images and where they are stored (decision 0040). */
export { adminUploadRoutes } from './admin-uploads.routes';
export type { S3StorageOptions } from './s3-storage';
export { S3Storage } from './s3-storage';
export { LocalDiskStorage } from './storage';
export { UploadsRepository } from './uploads.repository';
export { sendImage, uploadRoutes } from './uploads.routes';
export { SUPPORT_UPLOAD_PURPOSE, UploadsService } from './uploads.service';
