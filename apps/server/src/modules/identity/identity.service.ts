import {
  type CountryCode,
  type IdentityStatus,
  type IdentityView,
  type identitySubmissionBody,
  type ReviewStatus,
  uploadUrl,
} from '@kestrel/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { UploadsService } from '../uploads';
import type { IdentityRepository, IdentityRow } from './identity.repository';

/** What the user is told for each state of their newest submission. */
const STATUS_OF_REVIEW: Record<ReviewStatus, IdentityStatus> = {
  pending: 'submitted',
  approved: 'verified',
  rejected: 'failed',
};

function identityStatusOf(latest: IdentityRow | undefined): IdentityStatus {
  return latest ? STATUS_OF_REVIEW[latest.status] : 'uncertified';
}

/** The first two and last two characters, the rest starred: enough to recognise, too little to use. */
function maskDocumentNumber(number: string): string {
  if (number.length <= 4) return '*'.repeat(number.length);
  return `${number.slice(0, 2)}${'*'.repeat(number.length - 4)}${number.slice(-2)}`;
}

function toView(latest: IdentityRow | undefined): IdentityView {
  if (!latest) return { status: 'uncertified', submission: null };
  return {
    status: identityStatusOf(latest),
    submission: {
      documentType: latest.documentType,
      realName: latest.realName,
      documentNumberMasked: maskDocumentNumber(latest.documentNumber),
      nation: latest.nation as CountryCode,
      address: latest.address,
      frontUrl: uploadUrl(latest.frontUploadId),
      backUrl: latest.backUploadId ? uploadUrl(latest.backUploadId) : null,
      submittedAt: latest.submittedAt.toISOString(),
      reviewedAt: latest.reviewedAt?.toISOString() ?? null,
      rejectionReason: latest.rejectionReason,
    },
  };
}

/** A user's own identity verification: where it stands, and submitting documents for review. */
export class IdentityService {
  constructor(
    private readonly repository: IdentityRepository,
    private readonly uploads: Pick<UploadsService, 'findOwnUpload'>,
  ) {}

  async view(userId: number): Promise<IdentityView> {
    return toView(await this.repository.latestOf(userId));
  }

  /** The status and the newest submission's id, for the user's profile and the back office's user page. */
  async statusOf(userId: number): Promise<{ status: IdentityStatus; latestSubmissionId: number | null }> {
    const latest = await this.repository.latestOf(userId);
    return { status: identityStatusOf(latest), latestSubmissionId: latest?.id ?? null };
  }

  /**
   * Submits documents for review: refused while a submission is pending or once one was approved. A passport
   * has only its photo page, so a back image sent with one is left out rather than stored unseen.
   */
  async submit(userId: number, body: z.output<typeof identitySubmissionBody>): Promise<IdentityView> {
    const latest = await this.repository.latestOf(userId);
    if (latest?.status === 'approved') throw new AppError('identityAlreadyVerified');
    if (latest?.status === 'pending') throw new AppError('identityUnderReview');
    const backUploadId = body.documentType === 'passport' ? null : (body.backUploadId ?? null);
    const images = [body.frontUploadId, ...(backUploadId ? [backUploadId] : [])];
    for (const id of images) {
      if (!(await this.uploads.findOwnUpload(userId, id, 'identity')))
        throw new AppError('identityImageInvalid');
    }
    const stored = await this.repository.insertPending({
      userId,
      documentType: body.documentType,
      realName: body.realName,
      documentNumber: body.documentNumber,
      nation: body.nation,
      address: body.address,
      frontUploadId: body.frontUploadId,
      backUploadId,
    });
    // Nothing stored means another submission of this user became pending in the meantime.
    if (!stored) throw new AppError('identityUnderReview');
    return toView(stored);
  }
}
