import type { AdminIdentityDetail, AdminIdentitySummary, AdminSummary } from '@kestrel/contract';
import { vi } from 'vitest';

/** A fake admin API holding identity submissions, answering as the server does; `calls` records each request. */
export function fakeIdentityServer(
  submissions: AdminIdentityDetail[],
  role: AdminSummary['role'] = 'reviewer',
) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const items = new Map(submissions.map((item) => [item.id, structuredClone(item)]));

  const envelope = (data: unknown, status = 200, code = 0, msg = 'ok') =>
    new Response(JSON.stringify({ code, msg, data }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  const handle = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url: url.pathname + url.search, body, headers: { ...(init?.headers as object) } });

    if (url.pathname === '/api/admin/me') {
      const me: AdminSummary = {
        id: 9,
        email: 'rowan.hale@kestrel.example',
        name: 'Rowan Hale',
        role,
        totpEnabled: true,
        disabled: false,
        createdAt: '2026-01-05T08:00:00.000Z',
      };
      return envelope(me);
    }
    if (url.pathname.startsWith('/api/admin/uploads/')) {
      if (url.pathname.endsWith('/missing')) return envelope(null, 404, 1004, 'Not found');
      return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
        headers: { 'Content-Type': 'image/jpeg' },
      });
    }
    if (url.pathname === '/api/admin/identity') {
      const status = url.searchParams.get('status') ?? 'pending';
      const matching = [...items.values()].filter((item) => item.status === status);
      return envelope({
        items: matching.map(summaryOf),
        total: matching.length,
      });
    }
    const decision = url.pathname.match(/^\/api\/admin\/identity\/(\d+)\/(approve|reject)$/);
    if (decision) {
      const item = items.get(Number(decision[1]));
      if (!item) return envelope(null, 404, 1004, 'Not found');
      if (item.status !== 'pending') return envelope(null, 409, 5101, 'This item has already been reviewed');
      item.status = decision[2] === 'approve' ? 'approved' : 'rejected';
      item.reviewedAt = new Date().toISOString();
      item.reviewer = { id: 9, email: 'rowan.hale@kestrel.example' };
      item.rejectionReason = decision[2] === 'reject' ? body.reason : null;
      return envelope(item);
    }
    const one = url.pathname.match(/^\/api\/admin\/identity\/(\d+)$/);
    if (one) {
      const item = items.get(Number(one[1]));
      return item ? envelope(item) : envelope(null, 404, 1004, 'Not found');
    }
    return envelope(null, 404, 1004, 'Not found');
  };

  vi.spyOn(window, 'fetch').mockImplementation(handle);
  return { calls, items };
}

function summaryOf(item: AdminIdentityDetail): AdminIdentitySummary {
  const {
    id,
    userId,
    userEmail,
    userPhone,
    documentType,
    realName,
    nation,
    status,
    submittedAt,
    reviewedAt,
  } = item;
  return {
    id,
    userId,
    userEmail,
    userPhone,
    documentType,
    realName,
    nation,
    status,
    submittedAt,
    reviewedAt,
  };
}

export function submission(overrides: Partial<AdminIdentityDetail> = {}): AdminIdentityDetail {
  return {
    id: 41,
    userId: 1007,
    userEmail: 'mira.okafor@example.com',
    userPhone: null,
    documentType: 'id_card',
    realName: 'Mira Okafor',
    nation: 'DE',
    status: 'pending',
    submittedAt: '2026-03-02T09:30:00.000Z',
    reviewedAt: null,
    documentNumber: 'L01X00T47',
    address: 'Hauptstraße 5, 10115 Berlin',
    frontUrl: '/api/admin/uploads/front-41',
    backUrl: '/api/admin/uploads/back-41',
    rejectionReason: null,
    reviewer: null,
    history: [],
    ...overrides,
  };
}
