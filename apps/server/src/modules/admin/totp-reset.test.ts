import { ERRORS } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole, authenticatorCode, signInAdmin } from './test-admins';

let sut: TestApp;
let root: { token: string; id: number };

beforeAll(async () => {
  sut = await createTestApp();
  const { admin, token } = await adminWithRole(sut, 'super_admin', 'root@kestrel.test');
  root = { token, id: admin.id };
});
afterAll(async () => {
  await sut?.close();
});

/** A support admin who has enrolled an authenticator, with their open session. */
async function enrolledAdmin(email: string) {
  const { admin, token, secret } = await adminWithRole(sut, 'support', email);
  return { id: admin.id, token, secret };
}

function resetTotp(id: number, token: string, reason: unknown = 'Lost their phone') {
  return adminApi(sut, 'POST', `/api/admin/admins/${id}/reset-totp`, { token, body: { reason } });
}

describe('resetting a lost authenticator', () => {
  it('clears the authenticator, ends the sessions, and lets the admin sign in with the password to enrol again', async () => {
    const lost = await enrolledAdmin('lost-phone@kestrel.test');
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: lost.token })).status).toBe(200);

    const reset = await resetTotp(lost.id, root.token);
    expect(reset.body.code).toBe(0);
    expect(reset.body.data).toMatchObject({ id: lost.id, totpEnabled: false });

    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: lost.token })).status).toBe(401);
    const session = await signInAdmin(sut, 'lost-phone@kestrel.test');
    expect(session.mustEnrolTotp).toBe(true);
    // The old authenticator is worthless now: its codes are not asked for, and the next setup draws a new secret.
    const setup = await adminApi(sut, 'POST', '/api/admin/totp/setup', { token: session.token });
    expect(setup.body.data.secret).not.toBe(lost.secret);
  });

  it('makes the admin enrol again before anything else at the next sign-in', async () => {
    const lost = await enrolledAdmin('must-enrol-again@kestrel.test');
    expect((await resetTotp(lost.id, root.token)).body.code).toBe(0);

    const session = await signInAdmin(sut, 'must-enrol-again@kestrel.test');
    expect(session.mustEnrolTotp).toBe(true);
    const users = await adminApi(sut, 'GET', '/api/admin/users', { token: session.token });
    expect(users.body.code).toBe(ERRORS.totpEnrolmentRequired.code);

    const { secret } = (await adminApi(sut, 'POST', '/api/admin/totp/setup', { token: session.token })).body
      .data;
    const enabled = await adminApi(sut, 'POST', '/api/admin/totp/enable', {
      token: session.token,
      body: { code: authenticatorCode(secret) },
    });
    expect(enabled.body.data.totpEnabled).toBe(true);
    expect((await adminApi(sut, 'GET', '/api/admin/users', { token: session.token })).status).toBe(200);
  });

  it('records the reset in the audit log with the reason, before and after', async () => {
    const lost = await enrolledAdmin('audited-reset@kestrel.test');
    await resetTotp(lost.id, root.token, 'Phone stolen, confirmed by video call');

    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=resetAdminTotp&pageSize=1', {
      token: root.token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      admin: { id: root.id, email: 'root@kestrel.test' },
      targetType: 'admin',
      targetId: String(lost.id),
      reason: 'Phone stolen, confirmed by video call',
      before: { totpEnabled: true },
      after: { totpEnabled: false, sessionsEnded: true },
    });
  });

  it('does not let an admin reset their own authenticator', async () => {
    const answer = await resetTotp(root.id, root.token);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(ERRORS.ownTotpReset.code);
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: root.token })).status).toBe(200);
  });

  it('requires a reason and changes nothing without one', async () => {
    const lost = await enrolledAdmin('no-reason@kestrel.test');
    const answer = await resetTotp(lost.id, root.token, '  ');
    expect(answer.body.code).toBe(ERRORS.parameterError.code);
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: lost.token })).body.data.totpEnabled).toBe(
      true,
    );
  });

  it('answers 404 for an admin that does not exist', async () => {
    const answer = await resetTotp(999999, root.token);
    expect(answer.status).toBe(404);
  });

  it('is refused to every role but super admin', async () => {
    const lost = await enrolledAdmin('kept-totp@kestrel.test');
    for (const role of ['support', 'reviewer', 'content'] as const) {
      const { token } = await adminWithRole(sut, role, `${role}-resetter@kestrel.test`);
      const answer = await resetTotp(lost.id, token);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(ERRORS.adminRoleForbidden.code);
    }
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: lost.token })).body.data.totpEnabled).toBe(
      true,
    );
  });
});
