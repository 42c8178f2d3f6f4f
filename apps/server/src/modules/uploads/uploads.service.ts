import { randomUUID } from 'node:crypto';
import {
  type AdminRole,
  BANNER_UPLOAD_PURPOSE,
  type UploadPurpose,
  type UploadResult,
  uploadUrl,
} from '@kestrel/contract';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error';
import { inProcessLimiters, type LimiterStore } from '../auth';
import { reencodeImage } from './image-check';
import type { UploadStorage } from './storage';
import type { UploadRow, UploadsRepository } from './uploads.repository';

/** Who is asking to see an upload: a user (its owner or not), or an operator with a role. */
export type UploadViewer = { kind: 'user'; userId: number } | { kind: 'admin'; role: AdminRole };

/**
 * The operators who may see each purpose: documents and payment proofs are for reviewers, avatars also for
 * support, who looks at users' profiles. A purpose missing here is shown to no operator.
 */
const OPERATOR_ROLES: Record<UploadPurpose, readonly AdminRole[]> = {
  avatar: ['support', 'reviewer', 'super_admin'],
  identity: ['reviewer', 'super_admin'],
  payment_proof: ['reviewer', 'super_admin'],
};

export const UPLOADS_PER_HOUR = 30;

/** The purpose of images sent in support conversations, which only the support module hands out. */
export const SUPPORT_UPLOAD_PURPOSE = 'support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toUploadResult(row: UploadRow): UploadResult {
  return {
    id: row.id,
    purpose: row.purpose as UploadPurpose,
    mime: row.mime as UploadResult['mime'],
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    url: uploadUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The one way into stored images, for every module that takes an upload (avatars, identity, payment proofs). */
export class UploadsService {
  private readonly perUser: RateLimiterAbstract;

  /** `store` is shared by every node when there are several, so the allowance is the user's, not a node's. */
  constructor(
    private readonly repository: UploadsRepository,
    private readonly storage: UploadStorage,
    store: LimiterStore = inProcessLimiters,
  ) {
    this.perUser = store({ keyPrefix: 'uploads', points: UPLOADS_PER_HOUR, duration: 3600 });
  }

  /** Counts an upload attempt against the user's hourly allowance, refused ones included. */
  async consumeAllowance(ownerId: number) {
    try {
      await this.perUser.consume(String(ownerId));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new AppError('uploadRateLimited', {
          minutes: Math.max(1, Math.ceil(rejection.msBeforeNext / 60_000)),
        });
      }
      throw rejection;
    }
  }

  /** Checks the bytes, re-encodes them and stores the clean image under a random name. */
  async storeImage(ownerId: number, purpose: UploadPurpose, file: Buffer): Promise<UploadRow> {
    const image = await reencodeImage(file);
    const id = randomUUID();
    await this.storage.put(id, image.data);
    return this.repository.insert({
      id,
      ownerId,
      purpose,
      mime: image.mime,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
    });
  }

  /**
   * An operator's picture for the back office to publish (banners): checked and re-encoded like users' images,
   * stored with the operator as its uploader.
   */
  async storeOperatorImage(
    adminId: number,
    purpose: typeof BANNER_UPLOAD_PURPOSE,
    file: Buffer,
  ): Promise<UploadRow> {
    const image = await reencodeImage(file);
    const id = randomUUID();
    await this.storage.put(id, image.data);
    return this.repository.insert({
      id,
      ownerId: null,
      adminId,
      purpose,
      mime: image.mime,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
    });
  }

  /**
   * An image sent in a support conversation (decision 0052): checked and re-encoded like every upload, owned by
   * neither a user nor an operator, since a visitor has no account; the support module records which conversation
   * it belongs to and decides who may see it.
   */
  async storeConversationImage(file: Buffer): Promise<UploadRow> {
    const image = await reencodeImage(file);
    const id = randomUUID();
    await this.storage.put(id, image.data);
    return this.repository.insert({
      id,
      ownerId: null,
      adminId: null,
      purpose: SUPPORT_UPLOAD_PURPOSE,
      mime: image.mime,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
    });
  }

  /** A support conversation's image and its bytes, for the support module that checked who asks. */
  async openConversationImage(id: string): Promise<{ upload: UploadRow; data: Buffer } | undefined> {
    const upload = await this.findConversationImage(id);
    if (!upload) return undefined;
    const data = await this.storage.get(upload.id);
    return data ? { upload, data } : undefined;
  }

  async findConversationImage(id: string): Promise<UploadRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const upload = await this.repository.findById(id);
    return upload?.purpose === SUPPORT_UPLOAD_PURPOSE ? upload : undefined;
  }

  /** A published picture (a banner's) with the given id; anything else, users' uploads above all, is not one. */
  async findPublicUpload(id: string): Promise<UploadRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const upload = await this.repository.findById(id);
    return upload?.purpose === BANNER_UPLOAD_PURPOSE ? upload : undefined;
  }

  /** A published picture and its bytes for anyone; every other upload is "not found". */
  async openPublic(id: string): Promise<{ upload: UploadRow; data: Buffer }> {
    const upload = await this.findPublicUpload(id);
    if (!upload) throw new AppError('notFound');
    const data = await this.storage.get(upload.id);
    if (!data) throw new AppError('notFound');
    return { upload, data };
  }

  /** Whether the viewer may see the upload: its owner, or an operator whose role covers its purpose. */
  canRead(viewer: UploadViewer, upload: UploadRow): boolean {
    if (viewer.kind === 'user') return upload.ownerId === viewer.userId;
    return OPERATOR_ROLES[upload.purpose as UploadPurpose]?.includes(viewer.role) ?? false;
  }

  /**
   * The upload and its bytes for a viewer allowed to see it. Anything else is "not found", so that a stranger
   * cannot even learn that an id exists.
   */
  async openForViewer(viewer: UploadViewer, id: string): Promise<{ upload: UploadRow; data: Buffer }> {
    const upload = UUID.test(id) ? await this.repository.findById(id) : undefined;
    if (!upload || !this.canRead(viewer, upload)) throw new AppError('notFound');
    const data = await this.storage.get(upload.id);
    if (!data) throw new AppError('notFound');
    return { upload, data };
  }

  async openForOwner(ownerId: number, id: string) {
    return this.openForViewer({ kind: 'user', userId: ownerId }, id);
  }

  /** The caller's own upload with the given purpose, for modules that attach an upload to something. */
  async findOwnUpload(ownerId: number, id: string, purpose: UploadPurpose): Promise<UploadRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const upload = await this.repository.findById(id);
    return upload && upload.ownerId === ownerId && upload.purpose === purpose ? upload : undefined;
  }
}
