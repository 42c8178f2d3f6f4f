import { ERRORS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ProfileRepository } from '../auth';
import { DEFAULT_RATE_LIMITS } from '../auth/rate-limits';
import { PasswordAttempts } from './password-attempts';
import { ProfileService } from './profile.service';

let sut: TestApp;
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginFailuresPerAccount: 3 } });
});
afterAll(async () => {
  await sut?.close();
});

async function newUser(password = 'secret123') {
  accounts += 1;
  const email = `profile${accounts}@example.com`;
  const session = await registerAccount(sut, email, { password, ip: `10.2.0.${accounts}` });
  return { ...session, email, password };
}

async function login(account: string, password: string) {
  const answer = await callApi(sut, 'POST', '/api/auth/login', { body: { account, password } });
  return answer.body.data.token as string;
}

async function uploadAvatar(token: string, purpose = 'avatar') {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'teal' } })
    .jpeg()
    .toBuffer();
  const boundary = 'kestrelprofiletest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return response.json().data.id as string;
}

describe('the profile', () => {
  it('stores a nickname with HTML as plain text and returns it unchanged', async () => {
    const user = await newUser();
    const nickname = '<img src=x onerror=alert(1)>';
    const answer = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { nickname: `  ${nickname.slice(0, 20)}  ` },
    });
    expect(answer.body).toMatchObject({ code: 0, msg: 'Successfully modified' });
    expect(answer.body.data.nickname).toBe(nickname.slice(0, 20));
    const info = await callApi(sut, 'GET', '/api/user/info', { token: user.token });
    expect(info.body.data.nickname).toBe(nickname.slice(0, 20));
  });

  it('refuses a blank, too long or control-character nickname with a translated reason', async () => {
    const user = await newUser();
    const blank = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { nickname: '  ' },
    });
    expect(blank.body).toMatchObject({ code: 1000, msg: 'Please enter a nickname' });
    const long = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { nickname: 'a'.repeat(21) },
      lang: 'fr',
    });
    expect(long.body.msg).toBe('Le pseudo ne peut pas dépasser 20 caractères');
    const control = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { nickname: 'evil\u202ename' },
    });
    expect(control.body.msg).toBe('The nickname contains characters that are not allowed');
  });

  it('refuses zero-width characters and look-alikes of the staff and the platform, and changes nothing', async () => {
    const user = await newUser();
    const named = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { nickname: 'Trader 42' },
    });
    expect(named.body.code).toBe(0);

    for (const nickname of ['ad\u200bmin', 'Bob\u2060', 'Al\ufeffice', 'a\u3164b']) {
      const answer = await callApi(sut, 'PATCH', '/api/user/profile', {
        token: user.token,
        body: { nickname },
        lang: 'de',
      });
      expect(answer.status, JSON.stringify(nickname)).toBe(400);
      expect(answer.body.msg).toBe(catalogues.de.profile.nicknameInvalid);
    }
    for (const nickname of ['\u0410dmin', 'ѕupport', 'KestreI Team']) {
      const answer = await callApi(sut, 'PATCH', '/api/user/profile', {
        token: user.token,
        body: { nickname },
        lang: 'ar',
      });
      expect(answer.status, nickname).toBe(400);
      expect(answer.body).toEqual({
        code: ERRORS.nicknameReserved.code,
        msg: catalogues.ar.profile.nicknameReserved,
        data: null,
      });
    }
    const info = await callApi(sut, 'GET', '/api/user/info', { token: user.token });
    expect(info.body.data.nickname).toBe('Trader 42');
  });

  it('sets the avatar to the caller’s own avatar upload', async () => {
    const user = await newUser();
    const uploadId = await uploadAvatar(user.token);
    const answer = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { avatarUploadId: uploadId },
    });
    expect(answer.body.data.avatarUrl).toBe(`/api/uploads/${uploadId}`);
  });

  it('refuses another user’s upload and an upload made for something else as the avatar', async () => {
    const owner = await newUser();
    const thief = await newUser();
    const ownersUpload = await uploadAvatar(owner.token);
    const stolen = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: thief.token,
      body: { avatarUploadId: ownersUpload },
    });
    expect(stolen.body).toMatchObject({ code: 3005 });

    const identityUpload = await uploadAvatar(owner.token, 'identity');
    const wrongPurpose = await callApi(sut, 'PATCH', '/api/user/profile', {
      token: owner.token,
      body: { avatarUploadId: identityUpload },
    });
    expect(wrongPurpose.body).toMatchObject({ code: 3005 });
  });
});

describe('changing the login password', () => {
  it('asks for the old password and checks the new one', async () => {
    const user = await newUser();
    const noOld = await callApi(sut, 'POST', '/api/user/password', {
      token: user.token,
      body: { oldPassword: '', password: 'newpass123', confirmPassword: 'newpass123' },
    });
    expect(noOld.body).toMatchObject({ code: 1000, msg: 'Please enter the old password' });
    const mismatch = await callApi(sut, 'POST', '/api/user/password', {
      token: user.token,
      body: { oldPassword: user.password, password: 'newpass123', confirmPassword: 'newpass124' },
    });
    expect(mismatch.body.msg).toBe('The two passwords do not match');
    const weak = await callApi(sut, 'POST', '/api/user/password', {
      token: user.token,
      body: { oldPassword: user.password, password: 'abcdefgh', confirmPassword: 'abcdefgh' },
    });
    expect(weak.body.msg).toBe('The password must contain both letters and digits');
  });

  it('says "Wrong password" in the caller’s language for a wrong old password', async () => {
    const user = await newUser();
    const answer = await callApi(sut, 'POST', '/api/user/password', {
      token: user.token,
      lang: 'zh-CN',
      body: { oldPassword: 'nottheone1', password: 'newpass123', confirmPassword: 'newpass123' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 3001, msg: '密码错误' });
  });

  it('signs out every other session and keeps the current one', async () => {
    const user = await newUser();
    const otherDevice = await login(user.email, user.password);
    const answer = await callApi(sut, 'POST', '/api/user/password', {
      token: user.token,
      body: { oldPassword: user.password, password: 'newpass123', confirmPassword: 'newpass123' },
    });
    expect(answer.body).toMatchObject({ code: 0, msg: 'Successfully modified' });

    expect((await callApi(sut, 'GET', '/api/user/info', { token: user.token })).status).toBe(200);
    expect((await callApi(sut, 'GET', '/api/user/info', { token: otherDevice })).status).toBe(401);
    expect(await login(user.email, 'newpass123')).toEqual(expect.any(String));
  });

  it('stops accepting old-password guesses after too many wrong ones', async () => {
    const user = await newUser();
    const guess = (oldPassword: string) =>
      callApi(sut, 'POST', '/api/user/password', {
        token: user.token,
        body: { oldPassword, password: 'newpass123', confirmPassword: 'newpass123' },
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess('wrong12345')).body.code).toBe(3001);
    const blocked = await guess(user.password);
    expect(blocked.status).toBe(429);
  });
});

describe('the security password', () => {
  const securityPassword = (token: string, body: Record<string, unknown>, lang?: string) =>
    callApi(sut, 'POST', '/api/user/security-password', { token, body, ...(lang ? { lang } : {}) });

  it('is set the first time with the login password', async () => {
    const user = await newUser();
    const before = await callApi(sut, 'GET', '/api/user/info', { token: user.token });
    expect(before.body.data.hasSecurityPassword).toBe(false);

    const missing = await securityPassword(user.token, { password: '123456', confirmPassword: '123456' });
    expect(missing.body).toMatchObject({ code: 3002, msg: 'Please enter the login password' });
    const wrong = await securityPassword(user.token, {
      loginPassword: 'wrong12345',
      password: '123456',
      confirmPassword: '123456',
    });
    expect(wrong.body).toMatchObject({ code: 3001, msg: 'Wrong password' });
    const set = await securityPassword(user.token, {
      loginPassword: user.password,
      password: '123456',
      confirmPassword: '123456',
    });
    expect(set.body).toMatchObject({ code: 0, msg: 'Successfully modified' });

    const after = await callApi(sut, 'GET', '/api/user/info', { token: user.token });
    expect(after.body.data.hasSecurityPassword).toBe(true);
  });

  it('is changed later only with the old security password', async () => {
    const user = await newUser();
    await securityPassword(user.token, {
      loginPassword: user.password,
      password: '123456',
      confirmPassword: '123456',
    });

    const withLoginPassword = await securityPassword(user.token, {
      loginPassword: user.password,
      password: '654321',
      confirmPassword: '654321',
    });
    expect(withLoginPassword.body).toMatchObject({
      code: 3003,
      msg: 'Please enter the old security password',
    });
    const wrong = await securityPassword(
      user.token,
      { oldSecurityPassword: '000000', password: '654321', confirmPassword: '654321' },
      'ar',
    );
    expect(wrong.body).toMatchObject({ code: 3001, msg: 'كلمة المرور خاطئة' });
    const changed = await securityPassword(user.token, {
      oldSecurityPassword: '123456',
      password: '654321',
      confirmPassword: '654321',
    });
    expect(changed.body.code).toBe(0);
    const oldAgain = await securityPassword(user.token, {
      oldSecurityPassword: '123456',
      password: '111111',
      confirmPassword: '111111',
    });
    expect(oldAgain.body.code).toBe(3001);
  });

  it('must be six digits, typed the same twice', async () => {
    const user = await newUser();
    const letters = await securityPassword(user.token, {
      loginPassword: user.password,
      password: '12ab56',
      confirmPassword: '12ab56',
    });
    expect(letters.body.msg).toBe('The security password must be 6 digits');
    const short = await securityPassword(user.token, {
      loginPassword: user.password,
      password: '12345',
      confirmPassword: '12345',
    });
    expect(short.body.msg).toBe('The security password must be 6 digits');
    const mismatch = await securityPassword(user.token, {
      loginPassword: user.password,
      password: '123456',
      confirmPassword: '123457',
    });
    expect(mismatch.body.msg).toBe('The two passwords do not match');
  });

  it('stops accepting old security password guesses after too many wrong ones', async () => {
    const user = await newUser();
    await securityPassword(user.token, {
      loginPassword: user.password,
      password: '123456',
      confirmPassword: '123456',
    });
    const guess = (oldSecurityPassword: string) =>
      securityPassword(user.token, { oldSecurityPassword, password: '654321', confirmPassword: '654321' });
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess('000000')).body.code).toBe(3001);
    expect((await guess('123456')).status).toBe(429);
  });
});

describe('verifySecurityPassword, for the screens that move money', () => {
  const service = () =>
    new ProfileService(
      new ProfileRepository(sut.database.db),
      { findOwnUpload: async () => undefined },
      new PasswordAttempts({ failures: 3, windowSeconds: 60 }),
    );

  it('refuses with "Password not set" when none is set, and checks it once it is', async () => {
    const user = await newUser();
    const verifier = service();
    await expect(verifier.verifySecurityPassword(user.user.id, '123456')).rejects.toMatchObject({
      reason: 'securityPasswordNotSet',
    });
    await callApi(sut, 'POST', '/api/user/security-password', {
      token: user.token,
      body: { loginPassword: user.password, password: '123456', confirmPassword: '123456' },
    });
    await expect(verifier.verifySecurityPassword(user.user.id, '000000')).rejects.toMatchObject({
      reason: 'wrongPassword',
    });
    await expect(verifier.verifySecurityPassword(user.user.id, '123456')).resolves.toBeUndefined();
  });
});
