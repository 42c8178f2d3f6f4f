import { ERRORS } from '@kestrel/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { adminSessions } from './admin.schema';
import {
  ADMIN_PASSWORD,
  adminApi,
  adminWithRole,
  authenticatorCode,
  createAdmin,
  signInAdmin,
  unenrolledAdmin,
} from './test-admins';

let sut: TestApp;
let superToken: string;

beforeAll(async () => {
  sut = await createTestApp({
    rateLimits: {
      loginFailuresPerAccount: 3,
      loginFailuresPerIp: 100,
      loginWindowSeconds: 600,
      codesPerIpPerHour: 100,
      codeResendSeconds: 1,
      lockedRefusalHoldMs: 0,
    },
  });
  ({ token: superToken } = await adminWithRole(sut, 'super_admin', 'root@kestrel.test'));
});
afterAll(async () => {
  await sut?.close();
});

describe('admin sign-in', () => {
  it('opens a session with an adm_ token, confined to enrolling TOTP by default, and shows the admin', async () => {
    await createAdmin(sut, 'support', 'signin@kestrel.test');

    const login = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: { email: 'SignIn@Kestrel.test', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toMatch(/^adm_[A-Za-z0-9_-]{43}$/);
    expect(login.body.data.mustEnrolTotp).toBe(true);

    const me = await adminApi(sut, 'GET', '/api/admin/me', { token: `Bearer ${login.body.data.token}` });
    expect(me.body.data).toMatchObject({
      email: 'signin@kestrel.test',
      role: 'support',
      totpEnabled: false,
      disabled: false,
    });
  });

  it('refuses a wrong password with a translated message and no hint whether the e-mail exists', async () => {
    const wrong = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: { email: 'root@kestrel.test', password: 'wrong12345' },
      lang: 'de',
      ip: '10.9.0.1',
    });
    const unknown = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: { email: 'nobody@kestrel.test', password: 'wrong12345' },
      lang: 'de',
      ip: '10.9.0.1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: ERRORS.adminLoginFailed.code,
      msg: 'E-Mail-Adresse oder Passwort ist falsch',
      data: null,
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('stops guessing an e-mail after the allowed failures, even with the right password', async () => {
    await createAdmin(sut, 'content', 'guessed@kestrel.test');
    for (let attempt = 0; attempt < 3; attempt++) {
      await adminApi(sut, 'POST', '/api/admin/auth/login', {
        body: { email: 'guessed@kestrel.test', password: 'wrong12345' },
      });
    }
    const right = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: { email: 'guessed@kestrel.test', password: ADMIN_PASSWORD },
    });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe(ERRORS.tooManyAttempts.code);
  });

  it('ends the session on logout', async () => {
    const { token } = await adminWithRole(sut, 'reviewer', 'logout@kestrel.test');
    expect((await adminApi(sut, 'POST', '/api/admin/auth/logout', { token })).status).toBe(200);
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token })).status).toBe(401);
  });

  it('ends a session after 30 minutes unused or 8 hours in all', async () => {
    const idle = await adminWithRole(sut, 'support', 'idle@kestrel.test');
    const old = await adminWithRole(sut, 'support', 'old@kestrel.test');
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: idle.token })).status).toBe(200);
    await sut.database.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(adminSessions.adminId, idle.admin.id));
    await sut.database.db
      .update(adminSessions)
      .set({ createdAt: sql`now() - interval '9 hours'`, expiresAt: sql`now() - interval '1 hour'` })
      .where(eq(adminSessions.adminId, old.admin.id));

    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: idle.token })).status).toBe(401);
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token: old.token })).status).toBe(401);
  });

  it('keeps admin and user tokens apart in both directions', async () => {
    const user = await registerAccount(sut, 'tokens@example.com');
    const asUser = await adminApi(sut, 'GET', '/api/admin/me', { token: user.token });
    const asAdmin = await adminApi(sut, 'GET', '/api/user/info', { token: superToken });
    expect(asUser.status).toBe(401);
    expect(asAdmin.status).toBe(401);
  });
});

describe('TOTP', () => {
  it('enrols with a QR code, then asks for the code at every sign-in', async () => {
    const { token } = await unenrolledAdmin(sut, 'support', 'totp@kestrel.test');
    const setup = await adminApi(sut, 'POST', '/api/admin/totp/setup', { token });
    expect(setup.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.data.otpauthUrl).toContain('secret=');
    const { secret } = setup.body.data as { secret: string };

    const wrong = await adminApi(sut, 'POST', '/api/admin/totp/enable', {
      token,
      body: { code: wrongCode(secret) },
    });
    expect(wrong.body.code).toBe(ERRORS.totpInvalid.code);
    const enabled = await adminApi(sut, 'POST', '/api/admin/totp/enable', {
      token,
      body: { code: authenticatorCode(secret) },
    });
    expect(enabled.body.data.totpEnabled).toBe(true);

    const withoutCode = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: { email: 'totp@kestrel.test', password: ADMIN_PASSWORD },
      lang: 'ja-JP',
    });
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.body.code).toBe(ERRORS.totpRequired.code);
    expect(withoutCode.body.msg).toBe('認証アプリに表示された6桁のコードを入力してください');

    // The code that enabled TOTP is spent; the next period's is within the accepted window.
    const withCode = await signInAdmin(sut, 'totp@kestrel.test', authenticatorCode(secret, 1));
    expect(withCode.token).toMatch(/^adm_/);
  });

  it('accepts each code once', async () => {
    const { token } = await unenrolledAdmin(sut, 'support', 'totp-replay@kestrel.test');
    const { secret } = (await adminApi(sut, 'POST', '/api/admin/totp/setup', { token })).body.data;
    // Both codes from one instant: computed call by call, a period ending between them would make the "next"
    // code a later, unspent one.
    const now = Date.now();
    const enabling = authenticatorCode(secret, 0, now);
    const next = authenticatorCode(secret, 1, now);
    await adminApi(sut, 'POST', '/api/admin/totp/enable', { token, body: { code: enabling } });
    const signIn = (code: string) =>
      adminApi(sut, 'POST', '/api/admin/auth/login', {
        body: { email: 'totp-replay@kestrel.test', password: ADMIN_PASSWORD, totp: code },
      });

    expect((await signIn(enabling)).body.code).toBe(ERRORS.totpInvalid.code);
    expect((await signIn(next)).body.code).toBe(0);
    expect((await signIn(next)).body.code).toBe(ERRORS.totpInvalid.code);
  });

  it('refuses a wrong code at sign-in', async () => {
    const { token } = await unenrolledAdmin(sut, 'support', 'totp-wrong@kestrel.test');
    const { secret } = (await adminApi(sut, 'POST', '/api/admin/totp/setup', { token })).body.data;
    await adminApi(sut, 'POST', '/api/admin/totp/enable', {
      token,
      body: { code: authenticatorCode(secret) },
    });
    const answer = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: { email: 'totp-wrong@kestrel.test', password: ADMIN_PASSWORD, totp: wrongCode(secret) },
    });
    expect(answer.body.code).toBe(ERRORS.totpInvalid.code);
  });

  it('refuses to enable TOTP before a setup', async () => {
    const { token } = await unenrolledAdmin(sut, 'content', 'totp-early@kestrel.test');
    const answer = await adminApi(sut, 'POST', '/api/admin/totp/enable', { token, body: { code: '123456' } });
    expect(answer.body.code).toBe(ERRORS.totpNotStarted.code);
  });

  it('confines an admin who has not enrolled to enrolment at the first sign-in, by default', async () => {
    const session = await unenrolledAdmin(sut, 'support', 'must-enrol@kestrel.test');
    expect(session.mustEnrolTotp).toBe(true);
    const token = session.token;
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token })).status).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/1/balances'],
      ['POST', '/api/admin/users/1/adjustments'],
    ] as const) {
      const refused = await adminApi(sut, method, url, { token, lang: 'de' });
      expect(refused.status, url).toBe(403);
      expect(refused.body.code, url).toBe(ERRORS.totpEnrolmentRequired.code);
    }

    const { secret } = (await adminApi(sut, 'POST', '/api/admin/totp/setup', { token })).body.data;
    await adminApi(sut, 'POST', '/api/admin/totp/enable', {
      token,
      body: { code: authenticatorCode(secret) },
    });
    expect((await adminApi(sut, 'GET', '/api/admin/users', { token })).status).toBe(200);
  });

  it('lets only a super admin relax the requirement, and audits it with the reason', async () => {
    const { token: supportToken } = await adminWithRole(sut, 'support', 'relaxer@kestrel.test');
    const relax = (token: string) =>
      adminApi(sut, 'PUT', '/api/admin/settings', {
        token,
        body: { requireTotp: false, reason: 'Trial without authenticators' },
      });
    expect((await relax(supportToken)).body.code).toBe(ERRORS.adminRoleForbidden.code);
    expect(
      (await adminApi(sut, 'GET', '/api/admin/settings', { token: superToken })).body.data,
    ).toMatchObject({
      requireTotp: true,
    });

    try {
      expect((await relax(superToken)).body.data).toMatchObject({ requireTotp: false });
      const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=updateAdminSettings&pageSize=1', {
        token: superToken,
      });
      expect(audit.body.data.items[0]).toMatchObject({
        admin: { email: 'root@kestrel.test' },
        targetType: 'settings',
        before: { requireTotp: true },
        after: { requireTotp: false },
        reason: 'Trial without authenticators',
      });
      expect((await unenrolledAdmin(sut, 'support', 'relaxed@kestrel.test')).mustEnrolTotp).toBe(false);
    } finally {
      await adminApi(sut, 'PUT', '/api/admin/settings', {
        token: superToken,
        body: { requireTotp: true, reason: 'Back to the default for the other tests' },
      });
    }
  });
});

describe('admin accounts', () => {
  it('creates an admin who can then sign in', async () => {
    const created = await adminApi(sut, 'POST', '/api/admin/admins', {
      token: superToken,
      body: {
        email: 'new.reviewer@kestrel.test',
        name: 'New Reviewer',
        role: 'reviewer',
        password: ADMIN_PASSWORD,
      },
    });
    expect(created.body.data).toMatchObject({ email: 'new.reviewer@kestrel.test', role: 'reviewer' });
    expect((await signInAdmin(sut, 'new.reviewer@kestrel.test')).token).toMatch(/^adm_/);

    const again = await adminApi(sut, 'POST', '/api/admin/admins', {
      token: superToken,
      body: { email: 'new.reviewer@kestrel.test', name: 'Twice', role: 'support', password: ADMIN_PASSWORD },
    });
    expect(again.body.code).toBe(ERRORS.adminExists.code);
  });

  it('signs a disabled admin out at once and refuses its sign-in', async () => {
    const { admin, token } = await adminWithRole(sut, 'support', 'to-disable@kestrel.test');
    const disabled = await adminApi(sut, 'PATCH', `/api/admin/admins/${admin.id}`, {
      token: superToken,
      body: { disabled: true, reason: 'Left the company' },
    });
    expect(disabled.body.data.disabled).toBe(true);
    expect((await adminApi(sut, 'GET', '/api/admin/me', { token })).status).toBe(401);

    const login = await adminApi(sut, 'POST', '/api/admin/auth/login', {
      body: { email: 'to-disable@kestrel.test', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe(ERRORS.adminDisabled.code);
  });

  it('keeps the last enabled super admin', async () => {
    const app = await createTestApp();
    try {
      const { admin, token } = await adminWithRole(app, 'super_admin', 'only@kestrel.test');
      for (const change of [{ role: 'support' }, { disabled: true }]) {
        const answer = await adminApi(app, 'PATCH', `/api/admin/admins/${admin.id}`, {
          token,
          body: { ...change, reason: 'Trying to lock everyone out' },
        });
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe(ERRORS.lastSuperAdmin.code);
      }
    } finally {
      await app.close();
    }
  });

  it('requires a reason for every change', async () => {
    const answer = await adminApi(sut, 'PUT', '/api/admin/settings', {
      token: superToken,
      body: { requireTotp: false, reason: ' ' },
      lang: 'fr',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('Veuillez indiquer un motif');
  });
});

describe('the audit log', () => {
  it('records who changed what, before and after, and why, and finds it again', async () => {
    const { admin } = await adminWithRole(sut, 'content', 'audited@kestrel.test');
    await adminApi(sut, 'PATCH', `/api/admin/admins/${admin.id}`, {
      token: superToken,
      body: { role: 'support', reason: 'Moves to the support team' },
      ip: '10.7.7.7',
    });

    const found = await adminApi(sut, 'GET', '/api/admin/audit?action=updateAdmin&q=support%20team', {
      token: superToken,
    });
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.items[0]).toMatchObject({
      admin: { email: 'root@kestrel.test' },
      action: 'updateAdmin',
      targetType: 'admin',
      targetId: String(admin.id),
      before: { role: 'content' },
      after: { role: 'support' },
      reason: 'Moves to the support team',
      ip: '10.7.7.7',
    });
  });
});

describe('the start-up bootstrap', () => {
  it('refuses a weak ADMIN_PASSWORD without repeating it', () => {
    const load = () => loadConfig({ ADMIN_EMAIL: 'boot@kestrel.test', ADMIN_PASSWORD: 'weakpassword' });
    expect(load).toThrow('ADMIN_PASSWORD: must be 8 to 64 characters with letters and digits');
    expect(load).not.toThrow(/weakpassword/);
  });

  it('creates the first super admin from ADMIN_EMAIL and ADMIN_PASSWORD and resets its password later', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const start = async (password: string) => {
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        ADMIN_EMAIL: 'Boot@Kestrel.test',
        ADMIN_PASSWORD: password,
      });
      const app = await buildApp({ config, database });
      await app.ready();
      return app;
    };
    try {
      const first = await start('first12345');
      await first.close();
      const second = await start('second12345');
      const login = (password: string) =>
        second.inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { email: 'boot@kestrel.test', password },
        });
      expect((await login('first12345')).statusCode).toBe(400);
      const answer = await login('second12345');
      expect(answer.json().data.admin.role).toBe('super_admin');
      // The first sign-in enrols an authenticator before anything else.
      expect(answer.json().data.mustEnrolTotp).toBe(true);
      await second.close();
    } finally {
      await database.close();
    }
  });
});

/** A code half the code space away from the current one, so it matches no period in the accepted window. */
function wrongCode(secret: string) {
  return String((Number(authenticatorCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
}
