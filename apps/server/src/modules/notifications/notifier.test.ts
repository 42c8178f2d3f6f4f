import { createServer, type IncomingMessage } from 'node:http';
import { ADMIN_ROLES, ERRORS } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { DEVELOPMENT_DELIVERY, lastCodeSentTo, outboxMessagesTo } from '../../../test/outbox';
import { closedPort, startSmtpServer } from '../../../test/smtp';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { MASKED_CODE } from './notifier';

let accounts = 0;
let requests = 0;

function uniqueEmail() {
  accounts += 1;
  return `mail${accounts}.${Date.now()}@example.com`;
}

function uniquePhone() {
  accounts += 1;
  return `+4917${String(Date.now() + accounts).slice(-9)}`;
}

function requestCode(sut: TestApp, account: string, lang?: string) {
  requests += 1;
  return callApi(sut, 'POST', '/api/auth/code', {
    body: { account, purpose: 'register' },
    lang,
    ip: `10.55.0.${requests}`,
  });
}

const DEVELOPMENT_ANNOUNCEMENT = /^development message delivery: .*not for production/;

describe('with an SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sut: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    sut = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await sut?.close();
    await smtp?.close();
  });

  it('e-mails the code in the language of the request and keeps it masked in the outbox', async () => {
    const account = uniqueEmail();
    const answer = await requestCode(sut, account, 'de');
    expect(answer.body.code).toBe(0);

    const mails = smtp.messages.filter((mail) => mail.to.includes(account));
    expect(mails).toHaveLength(1);
    const code = await smtp.codeFor(account);
    expect(mails[0]?.subject).toBe(catalogues.de.mail.codeSubject);
    expect(mails[0]?.text).toBe(catalogues.de.mail.codeBody.replace('{{code}}', code));
    const [row] = await outboxMessagesTo(sut.database, account);
    expect(row?.body).toBe(catalogues.de.mail.codeBody.replace('{{code}}', MASKED_CODE));
  });

  it('marks the outbox row delivered once the SMTP server accepted it', async () => {
    const account = uniqueEmail();
    await requestCode(sut, account);

    const [row] = await outboxMessagesTo(sut.database, account);
    expect(row).toMatchObject({
      channel: 'email',
      subject: catalogues['en-US'].mail.codeSubject,
      error: null,
    });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
  });

  it('writes no code to the log, and does not announce development delivery', async () => {
    const account = uniqueEmail();
    await requestCode(sut, account);
    const code = await smtp.codeFor(account);

    expect(sut.log.lines.filter((line) => line.includes(code))).toEqual([]);
    expect(sut.log.entries(DEVELOPMENT_DELIVERY)).toEqual([]);
    expect(sut.log.lines.some((line) => DEVELOPMENT_ANNOUNCEMENT.test(JSON.parse(line).msg))).toBe(false);
  });

  it('refuses a phone number with a translated reason instead of saying "sent", and keeps nothing', async () => {
    const phone = uniquePhone();
    const mailsBefore = smtp.messages.length;
    const answer = await requestCode(sut, phone, 'de');

    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      code: ERRORS.smsUnavailable.code,
      msg: catalogues.de.errors.smsUnavailable,
      data: null,
    });
    expect(smtp.messages).toHaveLength(mailsBefore);
    expect(await outboxMessagesTo(sut.database, phone)).toEqual([]);
    expect(sut.log.entries(DEVELOPMENT_DELIVERY)).toEqual([]);
  });
});

describe('with an SMTP server that cannot be reached', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('still answers success and records the delivery error in the outbox', async () => {
    const account = uniqueEmail();
    const answer = await requestCode(sut, account);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);

    const [row] = await outboxMessagesTo(sut.database, account);
    expect(row?.deliveredAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED/);
    expect(row?.body).toContain(MASKED_CODE);
  });
});

/** A stand-in for Twilio's REST API on a loopback port: it accepts every message and keeps what it was sent. */
async function startFakeTwilio() {
  const received: { path: string; authorization: string | undefined; form: URLSearchParams }[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await read(request));
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, form });
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sid: 'SM00000000000000000000000000000001', status: 'queued' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake Twilio has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('with Twilio for SMS', () => {
  const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let sut: TestApp;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    sut = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: 'test-auth-token',
        TWILIO_FROM: '+14155550100',
        TWILIO_API_URL: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await sut?.close();
    await twilio?.close();
  });

  it("texts a phone number's code through Twilio's Messages API and marks it delivered", async () => {
    const phone = uniquePhone();
    const answer = await requestCode(sut, phone, 'fr');
    expect(answer.body.code).toBe(0);

    expect(twilio.received).toHaveLength(1);
    const [sent] = twilio.received;
    expect(sent?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(sent?.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:test-auth-token`).toString('base64')}`,
    );
    expect(sent?.form.get('To')).toBe(phone);
    expect(sent?.form.get('From')).toBe('+14155550100');
    const code = sent?.form.get('Body')?.match(/\b\d{6}\b/)?.[0] ?? '';
    expect(sent?.form.get('Body')).toBe(catalogues.fr.mail.codeSms.replace('{{code}}', code));

    const [row] = await outboxMessagesTo(sut.database, phone);
    expect(row).toMatchObject({
      channel: 'sms',
      body: catalogues.fr.mail.codeSms.replace('{{code}}', MASKED_CODE),
      error: null,
    });
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(sut.log.lines.filter((line) => line.includes(code))).toEqual([]);
  });

  it('refuses an e-mail address when no SMTP server is set, rather than saying "sent"', async () => {
    const answer = await requestCode(sut, uniqueEmail(), 'es');
    expect(answer.status).toBe(503);
    expect(answer.body.msg).toBe(catalogues.es.errors.emailUnavailable);
  });
});

describe('with nothing configured (development delivery)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('announces once at start-up, as a warning, that this delivery is not for production', async () => {
    await requestCode(sut, uniqueEmail());
    await requestCode(sut, uniquePhone());

    const announcements = sut.log.lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => DEVELOPMENT_ANNOUNCEMENT.test(entry.msg));
    expect(announcements).toHaveLength(1);
    expect(announcements[0]?.level).toBe(40);
  });

  it('writes e-mail and phone codes to the log and keeps them masked in the outbox', async () => {
    for (const account of [uniqueEmail(), uniquePhone()]) {
      const answer = await requestCode(sut, account);
      expect(answer.body.code).toBe(0);
      const code = await lastCodeSentTo(sut.database, account);
      const [row] = await outboxMessagesTo(sut.database, account);
      expect(row?.body).not.toContain(code);
      expect(row?.body).toContain(MASKED_CODE);
    }
  });

  it('shows every operator role that may read the outbox a masked code, and refuses the others', async () => {
    const account = uniqueEmail();
    await requestCode(sut, account);
    const code = await lastCodeSentTo(sut.database, account);

    const readers: string[] = [];
    for (const role of ADMIN_ROLES) {
      const { token } = await adminWithRole(sut, role, `${role}.outbox@kestrel.test`);
      const answer = await adminApi(sut, 'GET', `/api/admin/outbox?q=${encodeURIComponent(account)}`, {
        token,
      });
      if (answer.status === 403) continue;
      readers.push(role);
      expect(answer.body.code, role).toBe(0);
      const [message] = answer.body.data.items as { body: string }[];
      expect(message?.body, role).toBe(catalogues['en-US'].mail.codeBody.replace('{{code}}', MASKED_CODE));
      expect(JSON.stringify(answer.body), role).not.toContain(code);
    }
    expect(readers).toEqual(['super_admin', 'support']);
    const searched = await adminApi(sut, 'GET', `/api/admin/outbox?q=${code}`, {
      token: (await adminWithRole(sut, 'super_admin', 'super.outbox@kestrel.test')).token,
    });
    expect(searched.body.data.total).toBe(0);
  });
});
