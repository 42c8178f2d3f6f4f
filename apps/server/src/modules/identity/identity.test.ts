import { ERRORS } from '@kestrel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { idCardSubmission, submitIdentity, uploadPhoto, userWithPendingSubmission } from './test-identity';

let sut: TestApp;
let reviewer: { token: string; admin: { id: number } };
let support: { token: string };
let superAdmin: { token: string };
let content: { token: string };
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
  reviewer = await adminWithRole(sut, 'reviewer');
  support = await adminWithRole(sut, 'support');
  superAdmin = await adminWithRole(sut, 'super_admin');
  content = await adminWithRole(sut, 'content');
});
afterAll(async () => {
  await sut?.close();
});

async function freshUser(options: { lang?: string } = {}) {
  accounts += 1;
  const email = `person${accounts}@example.com`;
  const registered = await registerAccount(sut, email, { ip: `10.7.0.${accounts}`, lang: options.lang });
  return { ...registered, email };
}

function identityOf(token: string, lang?: string) {
  return callApi(sut, 'GET', '/api/user/identity', { token, lang });
}

async function statusOnInfo(token: string) {
  return (await callApi(sut, 'GET', '/api/user/info', { token })).body.data.identityStatus;
}

function queue(query: string, token = reviewer.token) {
  return adminApi(sut, 'GET', `/api/admin/identity?${query}`, { token });
}

function approve(id: number, note?: string, token = reviewer.token) {
  return adminApi(sut, 'POST', `/api/admin/identity/${id}/approve`, { token, body: note ? { note } : {} });
}

function reject(id: number, reason: string, token = reviewer.token) {
  return adminApi(sut, 'POST', `/api/admin/identity/${id}/reject`, { token, body: { reason } });
}

function adminImage(url: string, token: string | undefined) {
  return sut.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

describe('submitting identity documents', () => {
  it('goes from uncertified to submitted, showing the number masked', async () => {
    const user = await freshUser();
    expect((await identityOf(user.token)).body.data).toEqual({ status: 'uncertified', submission: null });
    expect(await statusOnInfo(user.token)).toBe('uncertified');

    const body = await idCardSubmission(sut, user.token, { documentNumber: 'l01x 00t47' });
    const answer = await submitIdentity(sut, user.token, body);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'submitted',
      submission: {
        documentType: 'id_card',
        realName: 'Maria Schmidt',
        documentNumberMasked: 'L0*****47',
        nation: 'DE',
        frontUrl: `/api/uploads/${body.frontUploadId}`,
        backUrl: `/api/uploads/${body.backUploadId}`,
        reviewedAt: null,
        rejectionReason: null,
      },
    });
    expect(JSON.stringify(answer.body.data)).not.toContain('L01X00T47');
    expect((await identityOf(user.token)).body.data).toEqual(answer.body.data);
    expect(await statusOnInfo(user.token)).toBe('submitted');
  });

  it('answers invalid input in the caller’s language and stores nothing', async () => {
    const user = await freshUser();
    const body = await idCardSubmission(sut, user.token, { realName: '  ' });
    const answer = await submitIdentity(sut, user.token, body, 'de');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: ERRORS.parameterError.code,
      msg: 'Bitte geben Sie Ihren vollständigen Namen ein',
    });
    const badNumber = await submitIdentity(sut, user.token, {
      ...body,
      realName: 'Maria',
      documentNumber: '#1',
    });
    expect(badNumber.body.msg).toBe('The document number must be 4 to 32 letters, digits or hyphens');
    const badNation = await submitIdentity(
      sut,
      user.token,
      { ...body, realName: 'Maria', nation: 'XX' },
      'fr',
    );
    expect(badNation.body.msg).toBe('Veuillez choisir votre pays');
    expect((await identityOf(user.token)).body.data.status).toBe('uncertified');
  });

  it('takes a passport without a back image, and leaves out a back image sent with one', async () => {
    const user = await freshUser();
    const body = await idCardSubmission(sut, user.token, { documentType: 'passport' });
    const answer = await submitIdentity(sut, user.token, body);
    expect(answer.body.data).toMatchObject({
      status: 'submitted',
      submission: { documentType: 'passport', backUrl: null },
    });

    const other = await freshUser();
    const withoutBack = await idCardSubmission(sut, other.token, {
      documentType: 'passport',
      backUploadId: undefined,
    });
    expect((await submitIdentity(sut, other.token, withoutBack)).body.data.status).toBe('submitted');
  });

  it('refuses an ID card without its back', async () => {
    const user = await freshUser();
    const body = await idCardSubmission(sut, user.token, { backUploadId: null });
    const answer = await submitIdentity(sut, user.token, body, 'es');
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('Sube la parte trasera del documento de identidad');
  });

  it('refuses someone else’s image, an avatar and an unknown id as a document image', async () => {
    const owner = await freshUser();
    const thief = await freshUser();
    const ownersImage = await uploadPhoto(sut, owner.token);

    const stolen = await idCardSubmission(sut, thief.token, { frontUploadId: ownersImage });
    expect(await submitIdentity(sut, thief.token, stolen)).toMatchObject({
      status: 400,
      body: { code: ERRORS.identityImageInvalid.code },
    });
    const avatar = await idCardSubmission(sut, thief.token, {
      backUploadId: await uploadPhoto(sut, thief.token, 'avatar'),
    });
    expect((await submitIdentity(sut, thief.token, avatar)).body.code).toBe(ERRORS.identityImageInvalid.code);
    const unknown = await idCardSubmission(sut, thief.token, {
      frontUploadId: '7d3f0c8e-5b7a-4e43-9a57-3d1c3c7e2f10',
    });
    expect((await submitIdentity(sut, thief.token, unknown)).body.code).toBe(
      ERRORS.identityImageInvalid.code,
    );
    expect((await identityOf(thief.token)).body.data.status).toBe('uncertified');
  });

  it('refuses a second submission while the first is under review', async () => {
    const user = await freshUser();
    expect((await submitIdentity(sut, user.token, await idCardSubmission(sut, user.token))).status).toBe(200);
    const again = await submitIdentity(sut, user.token, await idCardSubmission(sut, user.token), 'de');
    expect(again).toMatchObject({ status: 409, body: { code: ERRORS.identityUnderReview.code } });
    expect(again.body.msg).toContain('werden geprüft');
  });

  it('stores one of two submissions sent at the same moment', async () => {
    const user = await freshUser();
    const [first, second] = [
      await idCardSubmission(sut, user.token),
      await idCardSubmission(sut, user.token),
    ];
    const answers = await Promise.all([
      submitIdentity(sut, user.token, first),
      submitIdentity(sut, user.token, second),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('needs a signed-in user', async () => {
    expect((await callApi(sut, 'GET', '/api/user/identity')).status).toBe(401);
    const user = await freshUser();
    const body = await idCardSubmission(sut, user.token);
    expect((await callApi(sut, 'POST', '/api/user/identity', { body })).status).toBe(401);
    expect((await callApi(sut, 'GET', '/api/user/identity', { token: reviewer.token })).status).toBe(401);
  });

  it('is closed to a frozen account, like every user endpoint', async () => {
    const user = await freshUser();
    const body = await idCardSubmission(sut, user.token);
    await adminApi(sut, 'POST', `/api/admin/users/${user.user.id}/freeze`, {
      token: support.token,
      body: { reason: 'Reported as stolen' },
    });
    expect((await submitIdentity(sut, user.token, body)).status).toBe(401);
    expect((await identityOf(user.token)).status).toBe(401);
  });
});

describe('the review queue', () => {
  it('lists pending submissions oldest first and finds them by e-mail, UID and real name', async () => {
    const older = await userWithPendingSubmission(sut, { realName: 'Queue Zeta' });
    const newer = await userWithPendingSubmission(sut, { realName: 'Queue Alpha' });

    const pending = await queue('pageSize=100');
    expect(pending.status).toBe(200);
    const ids = pending.body.data.items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(older.submissionId)).toBeLessThan(ids.indexOf(newer.submissionId));
    expect(pending.body.data.items.every((item: { status: string }) => item.status === 'pending')).toBe(true);
    expect(pending.body.data.total).toBe(ids.length);

    const byEmail = await queue(`q=${encodeURIComponent(older.email.toUpperCase())}`);
    expect(byEmail.body.data.items).toEqual([
      expect.objectContaining({
        id: older.submissionId,
        userId: older.userId,
        userEmail: older.email,
        realName: 'Queue Zeta',
        documentType: 'id_card',
        nation: 'DE',
      }),
    ]);
    expect((await queue(`q=${newer.userId}`)).body.data.items.map((item: { id: number }) => item.id)).toEqual(
      [newer.submissionId],
    );
    expect((await queue('q=queue%20al')).body.data.items.map((item: { id: number }) => item.id)).toEqual([
      newer.submissionId,
    ]);
    expect((await queue('q=%25')).body.data.total).toBe(0);
  });

  it('lists decided submissions by status, latest decision first', async () => {
    const first = await userWithPendingSubmission(sut);
    const second = await userWithPendingSubmission(sut);
    expect((await reject(first.submissionId, 'Blurred photo')).body.code).toBe(0);
    expect((await reject(second.submissionId, 'Expired document')).body.code).toBe(0);

    const rejected = await queue('status=rejected&pageSize=100');
    const ids = rejected.body.data.items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(second.submissionId)).toBeLessThan(ids.indexOf(first.submissionId));
    expect(ids).not.toContain(undefined);
    expect(
      (await queue('status=approved&pageSize=100')).body.data.items.map((item: { id: number }) => item.id),
    ).not.toContain(first.submissionId);
    expect((await queue('status=open')).status).toBe(400);
  });

  it('pages through the queue', async () => {
    await userWithPendingSubmission(sut);
    await userWithPendingSubmission(sut);
    const all = (await queue('pageSize=100')).body.data;
    const second = (await queue('pageSize=1&page=2')).body.data;
    expect(second.total).toBe(all.total);
    expect(second.items).toEqual([all.items[1]]);
  });

  it('shows a submission in full with admin image addresses', async () => {
    const applicant = await userWithPendingSubmission(sut);
    const detail = await adminApi(sut, 'GET', `/api/admin/identity/${applicant.submissionId}`, {
      token: reviewer.token,
    });
    expect(detail.body.data).toMatchObject({
      id: applicant.submissionId,
      status: 'pending',
      documentNumber: 'L01X00T47',
      address: 'Unter den Linden 1, 10117 Berlin',
      frontUrl: expect.stringMatching(/^\/api\/admin\/uploads\/[0-9a-f-]{36}$/),
      backUrl: expect.stringMatching(/^\/api\/admin\/uploads\/[0-9a-f-]{36}$/),
      reviewer: null,
      history: [],
    });
    expect((await adminApi(sut, 'GET', '/api/admin/identity/999999', { token: reviewer.token })).status).toBe(
      404,
    );
  });
});

describe('deciding a submission', () => {
  it('rejects with a reason the user sees, with a message in their language', async () => {
    const applicant = await userWithPendingSubmission(sut, { lang: 'de' });
    const answer = await reject(applicant.submissionId, 'The photo of the back is blurred');
    expect(answer.body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The photo of the back is blurred',
      reviewer: { id: reviewer.admin.id, email: 'reviewer@kestrel.test' },
    });

    const view = (await identityOf(applicant.token)).body.data;
    expect(view).toMatchObject({
      status: 'failed',
      submission: { rejectionReason: 'The photo of the back is blurred', reviewedAt: expect.any(String) },
    });
    expect(await statusOnInfo(applicant.token)).toBe('failed');

    const inbox = await callApi(sut, 'GET', '/api/messages', { token: applicant.token, lang: 'de' });
    expect(inbox.body.data.items[0]).toMatchObject({
      kind: 'event',
      title: 'Identitätsprüfung fehlgeschlagen',
      body: expect.stringContaining('Grund: The photo of the back is blurred'),
      read: false,
    });
  });

  it('takes a new submission after a rejection, approves it, and then allows no change', async () => {
    const applicant = await userWithPendingSubmission(sut);
    await reject(applicant.submissionId, 'Name does not match the document');
    const resubmitted = await submitIdentity(
      sut,
      applicant.token,
      await idCardSubmission(sut, applicant.token, { realName: 'Maria Anna Schmidt' }),
    );
    expect(resubmitted.body.data).toMatchObject({
      status: 'submitted',
      submission: { rejectionReason: null },
    });

    const newest = (await queue(`q=${applicant.userId}`)).body.data.items[0];
    expect(newest.realName).toBe('Maria Anna Schmidt');
    const approved = await approve(newest.id, 'Matches the register');
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      history: [
        {
          id: applicant.submissionId,
          status: 'rejected',
          rejectionReason: 'Name does not match the document',
        },
      ],
    });

    expect((await identityOf(applicant.token)).body.data).toMatchObject({
      status: 'verified',
      submission: { realName: 'Maria Anna Schmidt', rejectionReason: null },
    });
    expect(await statusOnInfo(applicant.token)).toBe('verified');
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: applicant.token });
    expect(inbox.body.data.items[0].title).toBe('Identity verified');

    const change = await submitIdentity(sut, applicant.token, await idCardSubmission(sut, applicant.token));
    expect(change).toMatchObject({ status: 409, body: { code: ERRORS.identityAlreadyVerified.code } });
  });

  it('keeps the reason or the note in the audit log', async () => {
    const applicant = await userWithPendingSubmission(sut);
    await approve(applicant.submissionId, 'Checked against the photo');
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?action=approveIdentity&pageSize=1', {
      token: superAdmin.token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      admin: { id: reviewer.admin.id },
      targetType: 'identity',
      targetId: String(applicant.submissionId),
      before: { status: 'pending' },
      after: { status: 'approved' },
      reason: 'Checked against the photo',
    });
  });

  it('decides once: a second decision is a conflict and changes nothing', async () => {
    const applicant = await userWithPendingSubmission(sut);
    expect((await approve(applicant.submissionId)).body.code).toBe(0);
    const again = await reject(applicant.submissionId, 'Too late');
    expect(again).toMatchObject({ status: 409, body: { code: ERRORS.reviewNotPending.code } });
    expect((await approve(applicant.submissionId)).status).toBe(409);
    expect((await identityOf(applicant.token)).body.data.status).toBe('verified');
    expect((await reject(999999, 'Nothing there')).status).toBe(404);
  });

  it('lets exactly one of an approval and a rejection sent at once win', async () => {
    const applicant = await userWithPendingSubmission(sut);
    const other = await adminWithRole(sut, 'reviewer', 'second-reviewer@kestrel.test');
    const answers = await Promise.all([
      approve(applicant.submissionId),
      reject(applicant.submissionId, 'Document expired', other.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.body.data.status;
    const view = (await identityOf(applicant.token)).body.data;
    expect(view.status).toBe(winner === 'approved' ? 'verified' : 'failed');
    const inbox = await callApi(sut, 'GET', '/api/messages', { token: applicant.token });
    expect(
      inbox.body.data.items.filter((item: { title: string }) => item.title.startsWith('Identity')),
    ).toHaveLength(1);
  });

  it('requires a reason to reject and keeps the submission pending without one', async () => {
    const applicant = await userWithPendingSubmission(sut);
    const answer = await reject(applicant.submissionId, '   ');
    expect(answer.status).toBe(400);
    expect((await identityOf(applicant.token)).body.data.status).toBe('submitted');
  });
});

describe('document images for operators', () => {
  it('shows them to reviewers and super admins, not to support, content, users or strangers', async () => {
    const applicant = await userWithPendingSubmission(sut);
    const stranger = await freshUser();
    const detail = await adminApi(sut, 'GET', `/api/admin/identity/${applicant.submissionId}`, {
      token: reviewer.token,
    });
    const front = detail.body.data.frontUrl as string;

    const seen = await adminImage(front, reviewer.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]{36}\.jpg"$/);
    expect(seen.headers['x-content-type-options']).toBe('nosniff');
    expect(seen.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect((await adminImage(front, superAdmin.token)).statusCode).toBe(200);

    expect((await adminImage(front, support.token)).statusCode).toBe(404);
    expect((await adminImage(front, content.token)).statusCode).toBe(403);
    expect((await adminImage(front, applicant.token)).statusCode).toBe(401);
    expect((await adminImage(front, undefined)).statusCode).toBe(401);

    const userUrl = front.replace('/api/admin/uploads/', '/api/uploads/');
    expect((await adminImage(userUrl, applicant.token)).statusCode).toBe(200);
    expect((await adminImage(userUrl, stranger.token)).statusCode).toBe(404);
    expect((await adminImage(userUrl, reviewer.token)).statusCode).toBe(401);
  });

  it('shows avatars to support too, and unknown ids to no one', async () => {
    const user = await freshUser();
    const avatar = await uploadPhoto(sut, user.token, 'avatar');
    expect((await adminImage(`/api/admin/uploads/${avatar}`, support.token)).statusCode).toBe(200);
    expect((await adminImage(`/api/admin/uploads/${avatar}`, reviewer.token)).statusCode).toBe(200);
    expect(
      (await adminImage('/api/admin/uploads/7d3f0c8e-5b7a-4e43-9a57-3d1c3c7e2f10', reviewer.token))
        .statusCode,
    ).toBe(404);
    expect((await adminImage('/api/admin/uploads/not-a-uuid', reviewer.token)).statusCode).toBe(404);
  });
});

describe('the user page of the back office', () => {
  it('shows the identity status and the newest submission', async () => {
    const applicant = await userWithPendingSubmission(sut);
    const detail = await adminApi(sut, 'GET', `/api/admin/users/${applicant.userId}`, {
      token: support.token,
    });
    expect(detail.body.data.identity).toEqual({
      status: 'submitted',
      latestSubmissionId: applicant.submissionId,
    });

    const newcomer = await freshUser();
    const empty = await adminApi(sut, 'GET', `/api/admin/users/${newcomer.user.id}`, {
      token: support.token,
    });
    expect(empty.body.data.identity).toEqual({ status: 'uncertified', latestSubmissionId: null });
  });
});
