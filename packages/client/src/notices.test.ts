import { describe, expect, it } from 'vitest';
import { createNotices } from './notices';

const failed = { tone: 'negative', message: 'Wrong password' } as const;
const saved = { tone: 'positive', message: 'Successfully modified' } as const;

describe('the notices of an app', () => {
  it('shows only the latest on the phone, a newer one replacing it', () => {
    const notices = createNotices('latest');
    notices.show(failed);
    notices.show(saved);
    expect(notices.current().map((notice) => notice.message)).toEqual(['Successfully modified']);
  });

  it('stacks them in the back office, and takes away the one dismissed', () => {
    const notices = createNotices('all');
    notices.show(failed);
    notices.show(saved);
    const [first] = notices.current();
    notices.dismiss(first?.id ?? 0);
    expect(notices.current().map((notice) => notice.message)).toEqual(['Successfully modified']);
  });

  it('keeps the same list when a notice already gone is dismissed', () => {
    const notices = createNotices('all');
    notices.show(failed);
    const before = notices.current();
    notices.dismiss(999);
    expect(notices.current()).toBe(before);
  });
});
