import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api';
import { lastCodeSentTo, outboxMessagesTo } from '../../../test/outbox';
import { closedPort, startSmtpServer } from '../../../test/smtp';
import { createTestApp, type TestApp } from '../../../test/test-app';

let accounts = 0;
let requests = 0;

function uniqueEmail() {
  accounts += 1;
  return `mail${accounts}.${Date.now()}@example.com`;
}

function requestCode(sut: TestApp, account: string, lang?: string) {
  requests += 1;
  return callApi(sut, 'POST', '/api/auth/code', {
    body: { account, purpose: 'register' },
    lang,
    ip: `10.55.0.${requests}`,
  });
}

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

  it('e-mails the code recorded in the outbox, in the language of the request', async () => {
    const account = uniqueEmail();
    const answer = await requestCode(sut, account, 'de');
    expect(answer.body.code).toBe(0);

    const mails = smtp.messages.filter((mail) => mail.to.includes(account));
    expect(mails).toHaveLength(1);
    const code = await lastCodeSentTo(sut.database, account);
    expect(mails[0]?.subject).toBe(catalogues.de.mail.codeSubject);
    expect(mails[0]?.text).toBe(catalogues.de.mail.codeBody.replace('{{code}}', code));
    expect(mails[0]?.text.match(/\b\d{6}\b/g)).toEqual([code]);
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
    expect(smtp.messages.find((mail) => mail.to.includes(account))?.subject).toBe(
      catalogues['en-US'].mail.codeSubject,
    );
  });

  it('never sends the code of a phone number by e-mail, and keeps it in the outbox as an SMS', async () => {
    const phone = `+4917${String(Date.now()).slice(-9)}`;
    const mailsBefore = smtp.messages.length;
    const answer = await requestCode(sut, phone, 'de');
    expect(answer.body.code).toBe(0);

    expect(smtp.messages).toHaveLength(mailsBefore);
    const [row] = await outboxMessagesTo(sut.database, phone);
    const code = await lastCodeSentTo(sut.database, phone);
    expect(row).toMatchObject({
      channel: 'sms',
      subject: null,
      body: catalogues.de.mail.codeSms.replace('{{code}}', code),
      deliveredAt: null,
      error: null,
    });
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
    expect(await lastCodeSentTo(sut.database, account)).toMatch(/^\d{6}$/);
  });
});
