import type { AdminMenuEntry } from '@kestrel/contract';
import { describe, expect, it } from 'vitest';
import { menuProblem } from './menu-rules';

const link = (url: string): AdminMenuEntry => ({
  route: '/promo',
  titles: { 'en-US': 'Promotion' },
  placement: 'mine',
  data: { template: 'externalLink', url },
  visible: true,
  children: [],
});

describe('menuProblem', () => {
  it('takes https links and refuses any other scheme, even one the schema let through', () => {
    expect(menuProblem([link('https://example.com/a')])).toBeUndefined();
    expect(menuProblem([link('http://example.com/a')])).toEqual({
      reason: 'menuLinkInsecure',
      field: 'entries.0.data.url',
    });
    expect(menuProblem([link('javascript:alert(1)')])?.reason).toBe('menuLinkInsecure');
  });

  it('ignores a trailing slash and case when it compares routes', () => {
    const entry = { ...link('https://example.com'), data: { template: 'article' as const, slug: 'a' } };
    expect(menuProblem([{ ...entry, route: '/HOME/index/' }])?.reason).toBe('menuRouteClash');
    expect(menuProblem([entry, { ...entry, route: '/PROMO/' }])).toEqual({
      reason: 'menuRouteDuplicate',
      field: 'entries.1.route',
      params: { route: '/PROMO/' },
    });
  });

  it('lets a route sit beside fixed routes in their group', () => {
    const entry = { ...link('https://example.com'), route: '/home/promo' };
    expect(menuProblem([entry])).toBeUndefined();
  });
});
