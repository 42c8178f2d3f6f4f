import type { Banner, PublicUser } from '@kestrel/contract';

/*
 * Light checks of what the app itself stored in localStorage (answers it had already checked with the contract's
 * schemas), so the first paint needs no schema code. Each mirrors its contract schema field by field;
 * shapes.test.ts holds them against the schemas.
 */

const IDENTITY_STATUSES: readonly string[] = ['uncertified', 'submitted', 'verified', 'failed'];
/** z.iso.datetime(): UTC with seconds, optional fraction. */
const ISO_DATETIME =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** The stored user if it has the shape of the contract's `publicUser`, with only its fields; otherwise null. */
export function asPublicUser(value: unknown): PublicUser | null {
  if (!isRecord(value)) return null;
  const { id, email, phone, nickname, avatarUrl, inviteCode, creditScore, hasSecurityPassword, createdAt } =
    value;
  const { identityStatus } = value;
  if (
    !isInt(id) ||
    !isStringOrNull(email) ||
    !isStringOrNull(phone) ||
    !isStringOrNull(nickname) ||
    !isStringOrNull(avatarUrl) ||
    typeof inviteCode !== 'string' ||
    !isInt(creditScore) ||
    typeof hasSecurityPassword !== 'boolean' ||
    typeof createdAt !== 'string' ||
    !ISO_DATETIME.test(createdAt) ||
    (identityStatus !== undefined &&
      (typeof identityStatus !== 'string' || !IDENTITY_STATUSES.includes(identityStatus)))
  ) {
    return null;
  }
  const user: PublicUser = {
    id,
    email,
    phone,
    nickname,
    avatarUrl,
    inviteCode,
    creditScore,
    hasSecurityPassword,
    createdAt,
    // A session stored before demo accounts existed is a real account's.
    demo: value.demo === true,
  };
  if (identityStatus !== undefined) user.identityStatus = identityStatus as PublicUser['identityStatus'];
  return user;
}

/** Whether a stored banner has the shape of the contract's `banner`. */
export function isBanner(value: unknown): value is Banner {
  return (
    isRecord(value) &&
    isInt(value.id) &&
    typeof value.imageUrl === 'string' &&
    typeof value.title === 'string' &&
    isStringOrNull(value.link)
  );
}
