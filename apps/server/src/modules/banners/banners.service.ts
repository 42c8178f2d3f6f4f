import {
  type AdminBanner,
  BANNER_UPLOAD_PURPOSE,
  BANNERS_MAX,
  type Banner,
  type BannerCreateBody,
  type BannerUpdateBody,
  type BannerUploadResult,
  bannerImageUrl,
} from '@kestrel/contract';
import { DEFAULT_LOCALE, type Locale } from '@kestrel/i18n';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import type { UploadsService } from '../uploads';
import type { BannerChanges, BannerRow, BannersRepository } from './banners.repository';

/** What the audit log keeps of a banner: everything an operator can change. */
function audited(row: BannerRow) {
  return {
    uploadId: row.uploadId,
    titles: row.titles,
    link: row.link,
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

export function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    uploadId: row.uploadId,
    imageUrl: bannerImageUrl(row.uploadId),
    titles: row.titles,
    link: row.link,
    active: row.active,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The banner as a reader of `locale` sees it: their title, else the en-US one every banner has. */
export function toBanner(row: BannerRow, locale: Locale): Banner {
  return {
    id: row.id,
    imageUrl: bannerImageUrl(row.uploadId),
    title: row.titles[locale] ?? row.titles[DEFAULT_LOCALE] ?? '',
    link: row.link,
  };
}

/** The home screen's banners: the public list, and the back office's changes, each audited. */
export class BannersService {
  constructor(
    private readonly repository: BannersRepository,
    private readonly uploads: UploadsService,
  ) {}

  async publicList(locale: Locale): Promise<Banner[]> {
    return (await this.repository.listActive()).map((row) => toBanner(row, locale));
  }

  async adminList(): Promise<AdminBanner[]> {
    return (await this.repository.list()).map(toAdminBanner);
  }

  /** Stores an operator's picture for a banner; it is public from now on, so the upload itself is audited. */
  async uploadImage(file: Buffer, actor: Actor & { adminId: number }): Promise<BannerUploadResult> {
    const row = await this.uploads.storeOperatorImage(actor.adminId, BANNER_UPLOAD_PURPOSE, file);
    const result = {
      uploadId: row.id,
      imageUrl: bannerImageUrl(row.id),
      width: row.width,
      height: row.height,
    };
    await this.repository.appendAudit({
      adminId: actor.adminId,
      action: actor.action,
      targetType: 'upload',
      targetId: row.id,
      before: null,
      after: { purpose: row.purpose, mime: row.mime, bytes: row.bytes, width: row.width, height: row.height },
      reason: null,
      ip: actor.ip,
    });
    return result;
  }

  async create(body: BannerCreateBody, actor: Actor): Promise<AdminBanner> {
    await this.requireBannerImage(body.uploadId);
    return withAudit(this.repository, actor, { type: 'banner', id: null }, null, async (repository) => {
      const existing = await repository.lockAll();
      if (existing.length >= BANNERS_MAX) throw new AppError('bannerLimitReached', { max: BANNERS_MAX });
      const row = await repository.insert({
        uploadId: body.uploadId,
        titles: body.titles,
        link: body.link,
        active: body.active,
        sortOrder: await repository.nextSortOrder(),
      });
      return { before: null, after: audited(row), result: toAdminBanner(row), targetId: row.id };
    });
  }

  async update(id: number, body: BannerUpdateBody, actor: Actor): Promise<AdminBanner> {
    if (body.uploadId !== undefined) await this.requireBannerImage(body.uploadId);
    return withAudit(this.repository, actor, { type: 'banner', id }, null, async (repository) => {
      const before = await repository.findForUpdate(id);
      if (!before) throw new AppError('bannerNotFound');
      const changes: BannerChanges = {};
      if (body.uploadId !== undefined) changes.uploadId = body.uploadId;
      if (body.titles !== undefined) changes.titles = body.titles;
      if (body.link !== undefined) changes.link = body.link;
      if (body.active !== undefined) changes.active = body.active;
      const row = await repository.update(id, changes);
      return { before: audited(before), after: audited(row), result: toAdminBanner(row) };
    });
  }

  async remove(id: number, actor: Actor): Promise<void> {
    await withAudit(this.repository, actor, { type: 'banner', id }, null, async (repository) => {
      const before = await repository.findForUpdate(id);
      if (!before) throw new AppError('bannerNotFound');
      await repository.delete(id);
      return { before: audited(before), after: null, result: undefined };
    });
  }

  /** Puts the banners in the given order; the list must name every banner once, as the console last saw them. */
  async reorder(ids: number[], actor: Actor): Promise<AdminBanner[]> {
    return withAudit(this.repository, actor, { type: 'banner', id: null }, null, async (repository) => {
      const rows = await repository.lockAll();
      const known = new Set(rows.map((row) => row.id));
      if (
        ids.length !== rows.length ||
        new Set(ids).size !== ids.length ||
        ids.some((id) => !known.has(id))
      ) {
        throw new AppError('bannerOrderMismatch');
      }
      for (const [position, id] of ids.entries()) await repository.setSortOrder(id, position);
      const after = await repository.list();
      return {
        before: { ids: rows.map((row) => row.id) },
        after: { ids },
        result: after.map(toAdminBanner),
      };
    });
  }

  private async requireBannerImage(uploadId: string) {
    if (!(await this.uploads.findPublicUpload(uploadId))) throw new AppError('bannerImageInvalid');
  }
}
