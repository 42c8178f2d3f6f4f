import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const ISSUER = 'Kestrel Back Office';

/** The parameters every authenticator app understands: SHA1, 6 digits, a 30-second period. */
function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret (the size RFC 4226 recommends), base32 as authenticator apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function totpEnrolment(secret: string, label: string) {
  const otpauthUrl = totpFor(secret, label).toString();
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * The time step a code belongs to, accepting the current period and one either side for clocks a little apart;
 * null when the code matches none of them.
 */
export function acceptedStep(secret: string, code: string): number | null {
  const totp = totpFor(secret, 'check');
  const delta = totp.validate({ token: code, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}
