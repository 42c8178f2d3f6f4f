import { randomBytes } from 'node:crypto';
import { catalogues } from '@kestrel/i18n/all';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeSentTo, outboxMessagesTo } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users, verificationCodes } from './auth.schema';
import { passwordHashing } from './passwords';

let sut: TestApp;
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(async () => {
  await sut?.close();
});

function uniqueEmail() {
  accounts += 1;
  return `user${accounts}.${Date.now()}@example.com`;
}

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; lang?: string; ip?: string } = {},
) {
  const response = await sut.app.inject({
    method,
    url,
    payload: options.body as Record<string, unknown> | undefined,
    remoteAddress: options.ip ?? '10.0.0.1',
    headers: {
      ...(options.lang ? { 'think-lang': options.lang } : {}),
      ...(options.token ? { authorization: options.token } : {}),
    },
  });
  // biome-ignore lint/suspicious/noExplicitAny: each test asserts the fields of the answer it expects
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: any } };
}

async function sendCode(account: string, purpose: 'register' | 'reset', ip?: string) {
  return call('POST', '/api/auth/code', { body: { account, purpose }, ip });
}

/** An account registered long ago: it exists, and no code was sent for it lately. */
async function existingAccount(account: string) {
  const phone = account.startsWith('+');
  await sut.database.db.insert(users).values({
    email: phone ? null : account,
    phone: phone ? account : null,
    passwordHash: 'not-a-hash',
    inviteCode: randomBytes(4).toString('hex').toUpperCase(),
  });
}

async function register(account: string, extra: Record<string, unknown> = {}) {
  await sendCode(account, 'register', `10.1.${accounts % 250}.${Math.floor(Math.random() * 250)}`);
  const code = await lastCodeSentTo(sut.database, account);
  return call('POST', '/api/auth/register', {
    body: {
      account,
      password: 'secret123',
      confirmPassword: 'secret123',
      code,
      termsAccepted: true,
      ...extra,
    },
  });
}

describe('registration and sessions', () => {
  it('registers, logs in, reads the user, logs out, and then refuses the token', async () => {
    const account = uniqueEmail();
    const registered = await register(account);
    expect(registered.status).toBe(200);
    expect(registered.body.code).toBe(0);
    expect(registered.body.msg).toBe('Registration success');
    expect(registered.body.data.user).toMatchObject({ email: account, phone: null, creditScore: 100 });
    expect(registered.body.data.user).not.toHaveProperty('passwordHash');

    const login = await call('POST', '/api/auth/login', { body: { account, password: 'secret123' } });
    expect(login.body).toMatchObject({ code: 0, msg: 'Login successful' });
    const token: string = login.body.data.token;
    expect(token.length).toBeGreaterThanOrEqual(43);

    const info = await call('GET', '/api/user/info', { token });
    expect(info.body.data).toMatchObject({ id: registered.body.data.user.id, email: account });
    const bearer = await call('GET', '/api/user/info', { token: `Bearer ${token}` });
    expect(bearer.status).toBe(200);

    expect((await call('POST', '/api/auth/logout', { token })).body.code).toBe(0);
    const refused = await call('GET', '/api/user/info', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe('Please authorize your account first');
    // The registration session is a different one and still works.
    expect((await call('GET', '/api/user/info', { token: registered.body.data.token })).status).toBe(200);
  });

  it('refuses a session idle for more than seven days and keeps a recently used one', async () => {
    const registered = await register(uniqueEmail());
    const token: string = registered.body.data.token;
    const idleFor = (days: number) =>
      sut.database.db.execute(
        sql`update sessions set last_seen_at = now() - make_interval(days => ${days}) where user_id = ${registered.body.data.user.id}`,
      );
    await idleFor(6);
    expect((await call('GET', '/api/user/info', { token })).status).toBe(200);
    await idleFor(8);
    expect((await call('GET', '/api/user/info', { token })).status).toBe(401);
  });

  it('refuses a missing or made-up token with 401', async () => {
    expect((await call('GET', '/api/user/info')).status).toBe(401);
    expect((await call('GET', '/api/user/info', { token: 'not-a-session' })).status).toBe(401);
    expect((await call('POST', '/api/auth/logout')).status).toBe(401);
  });

  it('treats e-mail case-insensitively and registers a phone number', async () => {
    const account = uniqueEmail();
    await register(account);
    const login = await call('POST', '/api/auth/login', {
      body: { account: account.toUpperCase(), password: 'secret123' },
    });
    expect(login.body.code).toBe(0);

    const phone = `+4915${String(Date.now()).slice(-9)}`;
    const byPhone = await register(phone);
    expect(byPhone.body.data.user).toMatchObject({ phone, email: null });
  });

  it('answers a wrong password with a translated failure that is not a 401', async () => {
    const account = uniqueEmail();
    await register(account);
    const wrong = await call('POST', '/api/auth/login', {
      body: { account, password: 'nope12345' },
      lang: 'fr',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(2001);
    expect(wrong.body.msg).not.toBe('The account or password is incorrect');
    const unknown = await call('POST', '/api/auth/login', {
      body: { account: uniqueEmail(), password: 'x1234567' },
    });
    expect(unknown.body).toMatchObject({ code: 2001, msg: 'The account or password is incorrect' });
  });
});

describe('verification codes', () => {
  it('rejects a wrong code, then accepts the right one once only', async () => {
    const account = uniqueEmail();
    await sendCode(account, 'register');
    const code = await lastCodeSentTo(sut.database, account);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const body = { account, password: 'secret123', confirmPassword: 'secret123', termsAccepted: true };

    const wrong = await call('POST', '/api/auth/register', { body: { ...body, code: wrongCode } });
    expect(wrong.body).toMatchObject({ code: 2004, msg: 'The verification code is wrong or has expired' });
    expect((await call('POST', '/api/auth/register', { body: { ...body, code } })).body.code).toBe(0);

    const other = uniqueEmail();
    const reused = await call('POST', '/api/auth/register', { body: { ...body, account: other, code } });
    expect(reused.body.code).toBe(2004);
  });

  it('hashes no password for a wrong code, and still counts the guess', async () => {
    const account = uniqueEmail();
    await sendCode(account, 'register');
    const code = await lastCodeSentTo(sut.database, account);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const body = { account, password: 'secret123', confirmPassword: 'secret123', termsAccepted: true };
    const hashedBefore = passwordHashing.stats().started;

    const wrong = await call('POST', '/api/auth/register', { body: { ...body, code: wrongCode } });
    const reset = await call('POST', '/api/auth/reset', {
      body: { account: uniqueEmail(), password: 'secret123', confirmPassword: 'secret123', code: wrongCode },
    });

    expect([wrong.body.code, reset.body.code]).toEqual([2004, 2004]);
    expect(passwordHashing.stats().started).toBe(hashedBefore);
    const [row] = await sut.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(sql`${verificationCodes.account} = ${account}`);
    expect(row?.attempts).toBe(1);
  });

  it('refuses an expired code', async () => {
    const account = uniqueEmail();
    await sendCode(account, 'register');
    const code = await lastCodeSentTo(sut.database, account);
    await sut.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${verificationCodes.account} = ${account}`);
    const result = await call('POST', '/api/auth/register', {
      body: { account, password: 'secret123', confirmPassword: 'secret123', code, termsAccepted: true },
    });
    expect(result.body.code).toBe(2004);
  });

  it('spends a code after five wrong guesses', async () => {
    const account = uniqueEmail();
    await sendCode(account, 'register');
    const code = await lastCodeSentTo(sut.database, account);
    const body = { account, password: 'secret123', confirmPassword: 'secret123', termsAccepted: true };
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let guess = 0; guess < 5; guess++) {
      await call('POST', '/api/auth/register', { body: { ...body, code: wrongCode } });
    }
    expect((await call('POST', '/api/auth/register', { body: { ...body, code } })).body.code).toBe(2004);
  });

  it('answers a code request the same whether or not the account exists, and sends only what fits', async () => {
    const existing = uniqueEmail();
    await existingAccount(existing);
    const unknown = uniqueEmail();
    const answerOf = async (account: string, purpose: 'register' | 'reset') => {
      const { status, body } = await sendCode(account, purpose, `10.7.${accounts % 250}.${purpose.length}`);
      return { status, ...body, msg: body.msg.replace(account, '<account>') };
    };

    const registerAgain = await answerOf(existing, 'register');
    expect(registerAgain).toEqual(await answerOf(uniqueEmail(), 'register'));
    expect(registerAgain).toMatchObject({ status: 200, code: 0, data: { resendAfter: 60 } });
    const resetUnknown = await answerOf(unknown, 'reset');
    expect(resetUnknown).toEqual(await answerOf(existing, 'reset'));
    expect(resetUnknown).toEqual(registerAgain);

    const [alreadyThere, resetCode] = await outboxMessagesTo(sut.database, existing);
    expect(alreadyThere).toMatchObject({
      channel: 'email',
      subject: catalogues['en-US'].mail.accountExistsSubject,
      body: catalogues['en-US'].mail.accountExistsBody,
    });
    expect(resetCode?.subject).toBe(catalogues['en-US'].mail.codeSubject);
    expect(await lastCodeSentTo(sut.database, existing)).toMatch(/^\d{6}$/);
    expect(await outboxMessagesTo(sut.database, unknown)).toEqual([]);

    // Registering the existing account is still refused, at the registration itself: no code was sent for it.
    const refused = await call('POST', '/api/auth/register', {
      body: {
        account: existing,
        password: 'secret123',
        confirmPassword: 'secret123',
        code: '123456',
        termsAccepted: true,
      },
    });
    expect(refused.body.code).toBe(2004);
  });

  it('tells a phone that already has an account so in an SMS in the language asked for', async () => {
    const phone = `+4917${String(Date.now()).slice(-9)}`;
    await existingAccount(phone);
    const again = await call('POST', '/api/auth/code', {
      body: { account: phone, purpose: 'register' },
      ip: '10.7.251.1',
      lang: 'fr',
    });
    expect(again.body.code).toBe(0);
    const messages = await outboxMessagesTo(sut.database, phone);
    expect(messages.at(-1)).toMatchObject({ channel: 'sms', body: catalogues.fr.mail.accountExistsSms });
  });

  it('makes a second request for the same account wait 60 seconds', async () => {
    const account = uniqueEmail();
    expect((await sendCode(account, 'register', '10.9.0.1')).body.data.resendAfter).toBe(60);
    const soon = await sendCode(account, 'register', '10.9.0.2');
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe(2005);
    expect(soon.body.msg).toMatch(/Please wait \d+ seconds/);
  });
});

describe('password reset', () => {
  it('sets a new password and revokes every session', async () => {
    const account = uniqueEmail();
    const { body } = await register(account);
    const oldToken: string = body.data.token;

    expect((await sendCode(account, 'reset', '10.8.0.1')).body.code).toBe(0);
    const code = await lastCodeSentTo(sut.database, account);
    const reset = await call('POST', '/api/auth/reset', {
      body: { account, code, password: 'fresh4567', confirmPassword: 'fresh4567' },
    });
    expect(reset.body).toMatchObject({ code: 0, msg: 'Successfully modified' });

    expect((await call('GET', '/api/user/info', { token: oldToken })).status).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', { body: { account, password: 'secret123' } })).body.code,
    ).toBe(2001);
    expect(
      (await call('POST', '/api/auth/login', { body: { account, password: 'fresh4567' } })).body.code,
    ).toBe(0);
  });
});

describe('invitation codes', () => {
  it('links a new user to the inviter and refuses an unknown code', async () => {
    const inviter = await register(uniqueEmail());
    const inviteCode: string = inviter.body.data.user.inviteCode;
    expect(inviteCode).toMatch(/^[A-Z2-9]{8}$/);

    const invited = await register(uniqueEmail(), { inviteCode: inviteCode.toLowerCase() });
    expect(invited.body.code).toBe(0);

    const unknown = await register(uniqueEmail(), { inviteCode: 'ZZZZ9999' });
    expect(unknown.body).toMatchObject({ code: 2006, msg: 'This invitation code does not exist' });
  });
});

describe('validation', () => {
  it.each([
    [{ account: '', password: 'secret123' }, 'The content can not be blank'],
    [{ account: 'not-an-account', password: 'secret123' }, 'Please enter a valid phone or email'],
    [{ account: 'a@example.com' }, 'The content can not be blank'],
    [{ account: 'a@example.com', password: 42 }, 'Parameter error'],
  ])('refuses login body %j with "%s"', async (body, message) => {
    const result = await call('POST', '/api/auth/login', { body });
    expect(result).toMatchObject({ status: 400, body: { code: 1000, msg: message } });
  });

  it('checks terms, matching passwords and password strength on registration', async () => {
    const base = {
      account: uniqueEmail(),
      password: 'secret123',
      confirmPassword: 'secret123',
      code: '123456',
    };
    const noTerms = await call('POST', '/api/auth/register', { body: { ...base, termsAccepted: false } });
    expect(noTerms.body.msg).toBe('Please read and accept the terms of use');
    const mismatch = await call('POST', '/api/auth/register', {
      body: { ...base, confirmPassword: 'other1234', termsAccepted: true },
    });
    expect(mismatch.body.msg).toBe('The two passwords do not match');
    const weak = await call('POST', '/api/auth/register', {
      body: { ...base, password: 'onlyletters', confirmPassword: 'onlyletters', termsAccepted: true },
    });
    expect(weak.body.msg).toBe('The password must contain both letters and digits');
  });

  it('answers in the language of think-lang and in English for an unknown one', async () => {
    const body = { account: 'nope', password: 'x' };
    const inArabic = await call('POST', '/api/auth/login', { body, lang: 'ar' });
    const inJapanese = await call('POST', '/api/auth/login', { body, lang: 'ja-JP' });
    const unknown = await call('POST', '/api/auth/login', { body, lang: 'xx-XX' });
    expect(inArabic.body.msg).toMatch(/[\u0600-\u06FF]/);
    expect(inJapanese.body.msg).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
    expect(unknown.body.msg).toBe('Please enter a valid phone or email');
  });

  it('stores SQL and HTML in fields inertly and returns them unchanged', async () => {
    const account = `o'neil+${Date.now()}@example.com`;
    const password = `'; drop table users; --<script>1</script>`;
    await sendCode(account, 'register');
    const code = await lastCodeSentTo(sut.database, account);
    const registered = await call('POST', '/api/auth/register', {
      body: { account, password, confirmPassword: password, code, termsAccepted: true },
    });
    expect(registered.body.data.user.email).toBe(account);
    const login = await call('POST', '/api/auth/login', { body: { account, password } });
    expect(login.body.code).toBe(0);
  });
});
