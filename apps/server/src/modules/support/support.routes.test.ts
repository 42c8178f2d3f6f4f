import { ERRORS } from '@kestrel/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AdminsRepository } from '../admin';
import { adminApi, adminWithRole, createAdmin } from '../admin/test-admins';
import { clientId, imageForm, newVisitor, supportApi } from './test-support';

let sut: TestApp;
let alice: { token: string; user: { id: number } };
let bob: { token: string; user: { id: number } };
let agent: { token: string; admin: { id: number } };

beforeAll(async () => {
  sut = await createTestApp({
    supportLimits: {
      messagesPerMinute: 5,
      messagesPerAddressPerMinute: 1000,
      visitorsPerHour: 3,
      imagesPerHour: 30,
    },
  });
  alice = await registerAccount(sut, 'alice-chat@example.com', { ip: '10.1.0.1' });
  bob = await registerAccount(sut, 'bob-chat@example.com', { ip: '10.1.0.2' });
  agent = await adminWithRole(sut, 'agent', 'agent-chat@kestrel.test');
});
afterAll(async () => {
  await sut?.close();
});

const send = (caller: { token?: string; visitor?: string; ip?: string }, text: string, id = clientId()) =>
  supportApi(
    sut,
    'POST',
    caller.visitor ? '/api/support/visitor/conversation/messages' : '/api/support/conversation/messages',
    caller,
    { kind: 'text', text, clientId: id },
  );
const history = (caller: { token?: string; visitor?: string }) =>
  supportApi(
    sut,
    'GET',
    caller.visitor ? '/api/support/visitor/conversation/messages' : '/api/support/conversation/messages',
    caller,
  );
const texts = (answer: { body: { data: { items: { text: string | null }[] } } }) =>
  answer.body.data.items.map((message) => message.text);

describe('conversations stay with their customer', () => {
  it('gives two users and a visitor each their own conversation and messages, never another one', async () => {
    const visitor = await newVisitor(sut, '10.1.1.1');
    expect((await send({ token: alice.token }, 'alice: my deposit is late')).body.code).toBe(0);
    expect((await send({ token: bob.token }, 'bob: how do I withdraw?')).body.code).toBe(0);
    expect((await send({ visitor }, 'visitor: <b>hello</b>')).body.code).toBe(0);

    expect(texts(await history({ token: alice.token }))).toEqual(['alice: my deposit is late']);
    expect(texts(await history({ token: bob.token }))).toEqual(['bob: how do I withdraw?']);
    // Text as given, never turned into markup.
    expect(texts(await history({ visitor }))).toEqual(['visitor: <b>hello</b>']);

    const aliceConversation = await supportApi(sut, 'GET', '/api/support/conversation', {
      token: alice.token,
    });
    const visitorConversation = await supportApi(sut, 'GET', '/api/support/visitor/conversation', {
      visitor,
    });
    expect(aliceConversation.body.data.channel).toBe('support');
    expect(visitorConversation.body.data.channel).toMatch(/^supportVisitor:[A-Za-z0-9_-]{32}$/);
    expect(visitorConversation.body.data.id).not.toBe(aliceConversation.body.data.id);
  });

  it('refuses a visitor header that is missing, malformed or unknown', async () => {
    for (const visitor of [undefined, 'nope', `vis_${'x'.repeat(40)}`]) {
      const answer = await supportApi(sut, 'GET', '/api/support/visitor/conversation', { visitor });
      expect(answer.body.code).toBe(ERRORS.supportVisitorUnknown.code);
    }
  });

  it('joins a visitor conversation to the account in order, and the visitor token stops working', async () => {
    const carol = await registerAccount(sut, 'carol-chat@example.com', { ip: '10.1.0.3' });
    await send({ token: carol.token }, 'carol first');
    const visitor = await newVisitor(sut, '10.1.1.2');
    await send({ visitor }, 'carol as visitor');
    const joined = await supportApi(
      sut,
      'POST',
      '/api/support/conversation/join',
      { token: carol.token },
      {
        visitorToken: visitor,
      },
    );
    expect(joined.body.code).toBe(0);
    expect(joined.body.data.channel).toBe('support');
    expect(texts(await history({ token: carol.token }))).toEqual(['carol first', 'carol as visitor']);

    expect((await history({ visitor })).body.code).toBe(ERRORS.supportVisitorUnknown.code);
    expect((await send({ visitor }, 'still there?')).body.code).toBe(ERRORS.supportVisitorUnknown.code);
    const again = await supportApi(
      sut,
      'POST',
      '/api/support/conversation/join',
      { token: bob.token },
      {
        visitorToken: visitor,
      },
    );
    expect(again.body.code).toBe(ERRORS.supportVisitorUnknown.code);
    // Bob's conversation is untouched.
    expect(texts(await history({ token: bob.token }))).toEqual(['bob: how do I withdraw?']);
  });

  it('makes a joined visitor conversation the user’s own when the user had none', async () => {
    const dave = await registerAccount(sut, 'dave-chat@example.com', { ip: '10.1.0.4' });
    const visitor = await newVisitor(sut, '10.1.1.3');
    await send({ visitor }, 'dave as visitor');
    const joined = await supportApi(
      sut,
      'POST',
      '/api/support/conversation/join',
      { token: dave.token },
      {
        visitorToken: visitor,
      },
    );
    expect(joined.body.code).toBe(0);
    expect(texts(await history({ token: dave.token }))).toEqual(['dave as visitor']);
  });
});

describe('sending', () => {
  it('stores a retried send with the same clientId once', async () => {
    const erin = await registerAccount(sut, 'erin-chat@example.com', { ip: '10.1.0.5' });
    const id = clientId();
    const first = await send({ token: erin.token }, 'only once', id);
    const retry = await send({ token: erin.token }, 'only once', id);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(texts(await history({ token: erin.token }))).toEqual(['only once']);
  });

  it('refuses messages over the rate limit of a conversation, in the caller’s language', async () => {
    const frank = await registerAccount(sut, 'frank-chat@example.com', { ip: '10.1.0.6' });
    for (let index = 0; index < 5; index += 1) {
      expect((await send({ token: frank.token }, `message ${index}`)).body.code).toBe(0);
    }
    const refused = await supportApi(
      sut,
      'POST',
      '/api/support/conversation/messages',
      { token: frank.token, lang: 'de' },
      { kind: 'text', text: 'one too many', clientId: clientId() },
    );
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERRORS.supportRateLimited.code);
    expect(refused.body.msg).toMatch(/Nachrichten/);
    expect(texts(await history({ token: frank.token }))).not.toContain('one too many');
  });

  it('refuses a blank text and one over 2,000 characters', async () => {
    expect((await send({ token: alice.token }, '   ')).body.code).not.toBe(0);
    expect((await send({ token: alice.token }, 'x'.repeat(2001))).body.code).not.toBe(0);
  });

  it('limits the visitors one address starts', async () => {
    for (let index = 0; index < 3; index += 1) await newVisitor(sut, '10.1.9.9');
    const refused = await supportApi(sut, 'POST', '/api/support/visitors', { ip: '10.1.9.9' });
    expect(refused.body.code).toBe(ERRORS.supportRateLimited.code);
  });
});

describe('an agent', () => {
  it('may assign to the enabled operators who answer customers, and no one else', async () => {
    const colleague = await createAdmin(sut, 'support', 'colleague-chat@kestrel.test');
    const reviewer = await createAdmin(sut, 'reviewer', 'reviewer-chat@kestrel.test');
    const gone = await createAdmin(sut, 'agent', 'gone-chat@kestrel.test');
    await new AdminsRepository(sut.database.db).update(gone.id, { disabledAt: new Date() });
    const answer = await adminApi(sut, 'GET', '/api/admin/support/agents', { token: agent.token });
    const ids = answer.body.data.items.map((item: { id: number }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([agent.admin.id, colleague.id]));
    expect(ids).not.toContain(reviewer.id);
    expect(ids).not.toContain(gone.id);
    const refused = await adminApi(sut, 'POST', '/api/admin/support/conversations/1/assign', {
      token: agent.token,
      body: { agentId: reviewer.id },
    });
    expect(refused.body.code).toBe(ERRORS.supportAgentUnknown.code);
  });

  it('answers, which assigns the conversation; close, and the customer’s next message reopens it', async () => {
    const grace = await registerAccount(sut, 'grace-chat@example.com', { ip: '10.1.0.7' });
    const sent = await send({ token: grace.token }, 'help please');
    const conversationId = (await supportApi(sut, 'GET', '/api/support/conversation', { token: grace.token }))
      .body.data.id as string;
    const open = await adminApi(sut, 'GET', '/api/admin/support/conversations?view=open&pageSize=50', {
      token: agent.token,
    });
    expect(open.body.data.items.map((item: { id: string }) => item.id)).toContain(conversationId);

    const reply = await adminApi(sut, 'POST', `/api/admin/support/conversations/${conversationId}/messages`, {
      token: agent.token,
      body: { text: 'Hello, how can I help?', clientId: clientId() },
    });
    expect(reply.body.code).toBe(0);
    expect(reply.body.data.agent).toEqual({ name: expect.any(String), verified: true });
    const mine = await supportApi(sut, 'GET', '/api/support/conversation', { token: grace.token });
    expect(mine.body.data).toMatchObject({ status: 'assigned', unread: 1, agent: { verified: true } });

    const closed = await adminApi(sut, 'POST', `/api/admin/support/conversations/${conversationId}/close`, {
      token: agent.token,
    });
    expect(closed.body.data.status).toBe('closed');
    await send({ token: grace.token }, 'one more thing');
    const reopened = await supportApi(sut, 'GET', '/api/support/conversation', { token: grace.token });
    expect(reopened.body.data.status).toBe('open');
    expect(sent.body.data.author).toBe('customer');
  });

  it('moves marks only forward, and never past the other side’s newest message', async () => {
    const heidi = await registerAccount(sut, 'heidi-chat@example.com', { ip: '10.1.0.8' });
    await send({ token: heidi.token }, 'question');
    const conversationId = (await supportApi(sut, 'GET', '/api/support/conversation', { token: heidi.token }))
      .body.data.id as string;
    const first = await adminApi(sut, 'POST', `/api/admin/support/conversations/${conversationId}/messages`, {
      token: agent.token,
      body: { text: 'first answer', clientId: clientId() },
    });
    const second = await adminApi(
      sut,
      'POST',
      `/api/admin/support/conversations/${conversationId}/messages`,
      {
        token: agent.token,
        body: { text: 'second answer', clientId: clientId() },
      },
    );
    const marks = (body: unknown) =>
      supportApi(sut, 'POST', '/api/support/conversation/marks', { token: heidi.token }, body);
    const read = await marks({ read: second.body.data.id });
    expect(read.body.data).toMatchObject({
      agentRead: second.body.data.id,
      agentDelivered: second.body.data.id,
    });
    const back = await marks({ read: first.body.data.id, delivered: first.body.data.id });
    expect(back.body.data).toMatchObject({
      agentRead: second.body.data.id,
      agentDelivered: second.body.data.id,
    });
    const beyond = await marks({ read: '999999999' });
    expect(beyond.body.data.agentRead).toBe(second.body.data.id);
    const unread = await supportApi(sut, 'GET', '/api/support/conversation/unread', { token: heidi.token });
    expect(unread.body.data.unread).toBe(0);
  });

  it('sees the user’s context, and notes, canned replies and assignment are audited', async () => {
    const conversationId = (await supportApi(sut, 'GET', '/api/support/conversation', { token: alice.token }))
      .body.data.id as string;
    const detail = await adminApi(sut, 'GET', `/api/admin/support/conversations/${conversationId}`, {
      token: agent.token,
    });
    expect(detail.body.data.context).toMatchObject({
      userId: alice.user.id,
      email: 'alice-chat@example.com',
      identityStatus: expect.any(String),
      balances: expect.any(Array),
      deposits: [],
      withdrawals: [],
      openOrders: [],
    });
    const note = await adminApi(sut, 'POST', `/api/admin/support/conversations/${conversationId}/notes`, {
      token: agent.token,
      body: { text: 'Asked about a late deposit' },
    });
    expect(note.body.data.text).toBe('Asked about a late deposit');
    const assigned = await adminApi(
      sut,
      'POST',
      `/api/admin/support/conversations/${conversationId}/assign`,
      {
        token: agent.token,
        body: { agentId: agent.admin.id },
      },
    );
    expect(assigned.body.data).toMatchObject({ status: 'assigned', assignee: { id: agent.admin.id } });
    const canned = await adminApi(sut, 'POST', '/api/admin/support/canned-replies', {
      token: agent.token,
      body: {
        shortcut: 'late-deposit',
        texts: { 'en-US': 'Deposits take up to an hour.', de: 'Bis zu einer Stunde.' },
      },
    });
    expect(canned.body.code).toBe(0);
    const taken = await adminApi(sut, 'POST', '/api/admin/support/canned-replies', {
      token: agent.token,
      body: { shortcut: 'late-deposit', texts: { 'en-US': 'Again' } },
    });
    expect(taken.body.code).toBe(ERRORS.supportShortcutTaken.code);
    const superAdmin = await adminWithRole(sut, 'super_admin', 'super-chat@kestrel.test');
    const audit = await adminApi(sut, 'GET', '/api/admin/audit?pageSize=50', { token: superAdmin.token });
    const actions = audit.body.data.items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['addConversationNote', 'assignConversation', 'createCannedReply']),
    );
  });

  it('is refused on back-office operations outside the chat', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/users?page=1'],
      ['GET', '/api/admin/deposits'],
      ['GET', '/api/admin/admins'],
    ] as const) {
      const answer = await adminApi(sut, method, url, { token: agent.token });
      expect(answer.body.code, url).toBe(ERRORS.adminRoleForbidden.code);
    }
    const adjust = await adminApi(sut, 'POST', `/api/admin/users/${alice.user.id}/adjustments`, {
      token: agent.token,
      body: { account: 'spot', asset: 'USDT', direction: 'add', amount: '1', reason: 'not allowed' },
    });
    expect(adjust.body.code).toBe(ERRORS.adminRoleForbidden.code);
  });
});

describe('images', () => {
  it('re-encodes an image and shows it only to its conversation’s customer and to agents', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = imageForm({ name: 'shot.png', type: 'image/png', data: png });
    const uploaded = await sut.app.inject({
      method: 'POST',
      url: '/api/support/images',
      payload: form.payload,
      headers: { authorization: alice.token, 'content-type': form.contentType },
    });
    const image = uploaded.json().data as { id: string; width: number; height: number };
    expect(image).toMatchObject({ width: 40, height: 30 });
    const stored = await sut.app.inject({
      method: 'GET',
      url: `/api/support/images/${image.id}`,
      headers: { authorization: alice.token },
    });
    expect(stored.statusCode).toBe(200);
    // Re-encoded, never the PNG as sent.
    expect(['jpeg', 'webp']).toContain((await sharp(stored.rawPayload).metadata()).format);

    const sent = await supportApi(
      sut,
      'POST',
      '/api/support/conversation/messages',
      { token: alice.token },
      {
        kind: 'image',
        imageId: image.id,
        clientId: clientId(),
      },
    );
    expect(sent.body.data).toMatchObject({ kind: 'image', image: { width: 40, height: 30 } });

    const bobs = await sut.app.inject({
      method: 'GET',
      url: `/api/support/images/${image.id}`,
      headers: { authorization: bob.token },
    });
    expect(bobs.json().code).toBe(ERRORS.supportImageUnknown.code);
    const bobSends = await supportApi(
      sut,
      'POST',
      '/api/support/conversation/messages',
      { token: bob.token },
      {
        kind: 'image',
        imageId: image.id,
        clientId: clientId(),
      },
    );
    expect(bobSends.body.code).toBe(ERRORS.supportImageUnknown.code);
    const agents = await sut.app.inject({
      method: 'GET',
      url: `/api/admin/support/images/${image.id}`,
      headers: { authorization: agent.token },
    });
    expect(agents.statusCode).toBe(200);
  });

  it('refuses a file that is not an image, whatever it claims to be', async () => {
    const visitor = await newVisitor(sut, '10.1.1.4');
    const form = imageForm({
      name: 'x.jpg',
      type: 'image/jpeg',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    const refused = await sut.app.inject({
      method: 'POST',
      url: '/api/support/visitor/images',
      payload: form.payload,
      headers: { 'x-support-visitor': visitor, 'content-type': form.contentType },
    });
    expect(refused.json().code).toBe(ERRORS.uploadNotImage.code);
  });
});
