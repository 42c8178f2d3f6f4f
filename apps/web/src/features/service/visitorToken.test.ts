import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStorage } from '../../session/storage';
import { joinStoredVisitor, readVisitorToken, saveVisitorToken } from './visitorToken';

const TOKEN = `vis_${'b'.repeat(40)}`;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the visitor token', () => {
  it('is dropped when a signed-in user signs out, so the next person never sees those messages', () => {
    saveVisitorToken(TOKEN);
    localStorage.setItem('token', 'tok_user_1');
    clearStorage();
    expect(readVisitorToken()).toBeNull();
    expect(localStorage.getItem('supportVisitor')).toBeNull();
  });

  it('is kept when the storage is cleared for the same anonymous visitor (a guarded route)', () => {
    saveVisitorToken(TOKEN);
    clearStorage();
    expect(readVisitorToken()).toBe(TOKEN);
  });

  it('joins the conversation to the account after sign-in, then is dropped', async () => {
    saveVisitorToken(TOKEN);
    localStorage.setItem('token', 'tok_user_1');
    const fetch = vi.spyOn(window, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 0,
          msg: 'success',
          data: {
            id: '41',
            status: 'open',
            agent: null,
            unread: 0,
            marks: { customerDelivered: null, customerRead: null, agentDelivered: null, agentRead: null },
            availability: { agentsOnline: true, typicalReplyMinutes: 30 },
            channel: 'support',
          },
        }),
      ),
    );
    await joinStoredVisitor();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/support/conversation/join');
    expect(JSON.parse(String(init?.body))).toEqual({ visitorToken: TOKEN });
    expect(readVisitorToken()).toBeNull();
  });

  it('is kept for a later try when the join did not get through', async () => {
    saveVisitorToken(TOKEN);
    localStorage.setItem('token', 'tok_user_1');
    vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await joinStoredVisitor();
    expect(readVisitorToken()).toBe(TOKEN);
  });
});
