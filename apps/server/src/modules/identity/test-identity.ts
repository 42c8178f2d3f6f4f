import type { IdentitySubmissionBody, UploadPurpose } from '@kestrel/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type ApiAnswer, callApi, registerAccount } from '../../../test/api';
import type { TestApp } from '../../../test/test-app';
import { IdentityRepository } from './identity.repository';
import { identityVerifications } from './identity.schema';

/*
 * Helpers for tests that need identity submissions: images are uploaded and documents submitted through the
 * API, as the user app does.
 */

/** Uploads a small photo with this purpose as the user, and returns its id. */
export async function uploadPhoto(sut: TestApp, token: string, purpose: UploadPurpose = 'identity') {
  const boundary = `----kestrel${Math.random().toString(16).slice(2)}`;
  const photo = await sharp({ create: { width: 40, height: 25, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="document.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const body = response.json() as { code: number; msg: string; data: { id: string } };
  if (body.code !== 0) throw new Error(`could not upload a photo: ${body.msg}`);
  return body.data.id;
}

/** An ID card submission with both sides uploaded by the user; fields can be overridden. */
export async function idCardSubmission(
  sut: TestApp,
  token: string,
  overrides: Partial<IdentitySubmissionBody> = {},
): Promise<IdentitySubmissionBody> {
  return {
    documentType: 'id_card',
    realName: 'Maria Schmidt',
    documentNumber: 'l01x00t47',
    nation: 'DE',
    address: 'Unter den Linden 1, 10117 Berlin',
    frontUploadId: await uploadPhoto(sut, token),
    backUploadId: await uploadPhoto(sut, token),
    ...overrides,
  };
}

export function submitIdentity(
  sut: TestApp,
  token: string,
  body: unknown,
  lang?: string,
): Promise<ApiAnswer> {
  return callApi(sut, 'POST', '/api/user/identity', { token, body, lang });
}

let users = 0;

/** A new user with a pending ID card submission, and that submission's id. */
export async function userWithPendingSubmission(
  sut: TestApp,
  options: { email?: string; realName?: string; lang?: string } = {},
) {
  users += 1;
  const email = options.email ?? `applicant${users}@example.com`;
  const { token, user } = await registerAccount(sut, email, {
    ip: `10.9.${Math.floor(users / 200)}.${users % 200}`,
    lang: options.lang,
  });
  const body = await idCardSubmission(sut, token, options.realName ? { realName: options.realName } : {});
  const answer = await submitIdentity(sut, token, body);
  if (answer.body.code !== 0) throw new Error(`could not submit: ${answer.body.msg}`);
  const submission = await new IdentityRepository(sut.database.db).latestOf(user.id);
  if (!submission) throw new Error('the submission was not stored');
  return { token, userId: user.id, email, submissionId: submission.id };
}

/**
 * Gives the user an approved passport, as a reviewer's approval would leave it, without the queue: one photo
 * uploaded by the user and the decided row, so tests that only need a verified user stay quick.
 */
export async function verifyIdentity(sut: TestApp, user: { token: string; userId: number }) {
  await sut.database.db.insert(identityVerifications).values({
    userId: user.userId,
    documentType: 'passport',
    realName: 'Maria Schmidt',
    documentNumber: 'C01X00T47',
    nation: 'DE',
    address: 'Unter den Linden 1, 10117 Berlin',
    frontUploadId: await uploadPhoto(sut, user.token),
    status: 'approved',
    reviewedAt: sql`now()`,
  });
}
