import {
  type ChangePasswordBody,
  type PublicUser,
  type SecurityPasswordBody,
  type UpdateProfileBody,
  uploadUrl,
} from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import {
  hashPassword,
  type ProfileRepository,
  type SessionEndings,
  sha256,
  toPublicUser,
  type UserRow,
  verifyPassword,
} from '../auth';
import type { UploadsService } from '../uploads';
import type { PasswordAttempts } from './password-attempts';
import { looksReserved } from './reserved-names';

/** The user's own profile, login password and security (payment) password. */
export class ProfileService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly uploads: Pick<UploadsService, 'findOwnUpload'>,
    private readonly attempts: PasswordAttempts,
    private readonly endings?: Pick<SessionEndings, 'userSessionsEnded'>,
  ) {}

  async updateProfile(user: UserRow, body: UpdateProfileBody): Promise<PublicUser> {
    const change: { nickname?: string; avatarUrl?: string } = {};
    if (body.nickname !== undefined) {
      if (looksReserved(body.nickname)) throw new AppError('nicknameReserved');
      change.nickname = body.nickname;
    }
    if (body.avatarUploadId !== undefined) {
      const upload = await this.uploads.findOwnUpload(user.id, body.avatarUploadId, 'avatar');
      if (!upload) throw new AppError('avatarUploadInvalid');
      change.avatarUrl = uploadUrl(upload.id);
    }
    return toPublicUser(await this.repository.updateProfile(user.id, change));
  }

  /** Changes the login password; every other session ends, the one making the change stays. */
  async changePassword(user: UserRow, sessionToken: string, body: ChangePasswordBody) {
    await this.checkPassword(user.id, 'login', body.oldPassword, user.passwordHash);
    const passwordHash = await hashPassword(body.password, `user:${user.id}`);
    await this.repository.transaction(async (repository) => {
      await repository.updatePassword(user.id, passwordHash);
      await repository.revokeOtherSessions(user.id, sha256(sessionToken));
    });
    this.endings?.userSessionsEnded(user.id);
  }

  /**
   * Sets the security password: the first time the login password proves who is asking, afterwards the current
   * security password does.
   */
  async setSecurityPassword(user: UserRow, body: SecurityPasswordBody) {
    if (user.securityPasswordHash) {
      if (!body.oldSecurityPassword) throw new AppError('oldSecurityPasswordRequired');
      await this.checkPassword(user.id, 'security', body.oldSecurityPassword, user.securityPasswordHash);
    } else {
      if (!body.loginPassword) throw new AppError('loginPasswordRequired');
      await this.checkPassword(user.id, 'login', body.loginPassword, user.passwordHash);
    }
    await this.repository.updateSecurityPassword(
      user.id,
      await hashPassword(body.password, `user:${user.id}`),
    );
  }

  /** For screens that move money: refuses when none is set, when it is wrong, or after too many wrong tries. */
  async verifySecurityPassword(userId: number, password: string) {
    const user = await this.repository.findUser(userId);
    if (!user?.securityPasswordHash) throw new AppError('securityPasswordNotSet');
    await this.checkPassword(userId, 'security', password, user.securityPasswordHash);
  }

  /** An attempt is reserved before the hashing, so parallel guesses cannot pass the limit. */
  private async checkPassword(userId: number, kind: 'login' | 'security', password: string, hash: string) {
    const valid = await this.attempts.check(`${kind}:${userId}`, () =>
      verifyPassword(password, hash, `user:${userId}`),
    );
    if (!valid) throw new AppError('wrongPassword');
  }
}
