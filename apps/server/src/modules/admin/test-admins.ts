import type { AdminRole } from '@kestrel/contract';
import { Secret, TOTP } from 'otpauth';
import type { ApiAnswer } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';
import { AuthRateLimits } from '../auth/rate-limits';
import { AdminsRepository } from './admins.repository';
import { AdminsService } from './admins.service';

/*
 * Helpers for the back-office tests: admins are created the way the command line creates them, and signed in
 * through the API like the console does.
 */

export const ADMIN_PASSWORD = 'admin12345';

export type AdminCall = {
  body?: unknown;
  token?: string;
  lang?: string;
  ip?: string;
  idempotencyKey?: string;
};

/** One request through `inject` with any method, as the back-office console sends it. */
export async function adminApi(
  sut: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: AdminCall = {},
): Promise<ApiAnswer> {
  const response = await sut.app.inject({
    method,
    url,
    payload: options.body as Record<string, unknown> | undefined,
    remoteAddress: options.ip ?? '10.0.0.9',
    headers: {
      ...(options.lang ? { 'think-lang': options.lang } : {}),
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Creates (or resets) an admin with this role, as `npm run admin -- create` does. */
export async function createAdmin(sut: TestApp, role: AdminRole, email = `${role}@kestrel.test`) {
  const service = new AdminsService(new AdminsRepository(sut.database.db), new AuthRateLimits());
  const { admin } = await service.createOrReset(
    { email, password: ADMIN_PASSWORD, role },
    { adminId: null, action: 'cliCreateAdmin', ip: null },
  );
  return admin;
}

/** Signs an admin in through the API and returns its token. */
export async function signInAdmin(sut: TestApp, email: string, totp?: string) {
  const answer = await adminApi(sut, 'POST', '/api/admin/auth/login', {
    body: { email, password: ADMIN_PASSWORD, ...(totp ? { totp } : {}) },
  });
  if (answer.body.code !== 0) throw new Error(`could not sign in ${email}: ${answer.body.msg}`);
  return answer.body.data as { token: string; mustEnrolTotp: boolean; admin: { id: number } };
}

/**
 * Signs an admin in with full rights, as the console does on a first sign-in while TOTP is required: the
 * session enrols an authenticator (setup, then a code from its secret). Any earlier authenticator is forgotten
 * first, as a super admin's reset would, so that a test can sign the same admin in as often as it needs
 * without waiting for a fresh code.
 */
export async function signInEnrolled(sut: TestApp, email: string) {
  const repository = new AdminsRepository(sut.database.db);
  const existing = await repository.findByEmail(email);
  if (!existing) throw new Error(`no admin ${email} to sign in`);
  await repository.update(existing.id, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
  const session = await signInAdmin(sut, email);
  const setup = await adminApi(sut, 'POST', '/api/admin/totp/setup', { token: session.token });
  const secret = setup.body.data.secret as string;
  const enabled = await adminApi(sut, 'POST', '/api/admin/totp/enable', {
    token: session.token,
    body: { code: authenticatorCode(secret) },
  });
  if (enabled.body.code !== 0) throw new Error(`could not enrol ${email}: ${enabled.body.msg}`);
  return { token: session.token, secret, admin: session.admin };
}

/** A new admin of this role, signed in with an enrolled authenticator (TOTP is required by default). */
export async function adminWithRole(sut: TestApp, role: AdminRole, email = `${role}@kestrel.test`) {
  const admin = await createAdmin(sut, role, email);
  const { token, secret } = await signInEnrolled(sut, email);
  return { admin, token, secret };
}

/** A new admin of this role, signed in but not enrolled: the session can only enrol an authenticator. */
export async function unenrolledAdmin(sut: TestApp, role: AdminRole, email: string) {
  const admin = await createAdmin(sut, role, email);
  const { token, mustEnrolTotp } = await signInAdmin(sut, email);
  return { admin, token, mustEnrolTotp };
}

/** The code an authenticator app shows for this secret now, or that many 30-second periods later. */
export function authenticatorCode(secret: string, periodsAhead = 0, at = Date.now()) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at + periodsAhead * 30_000,
  });
}
