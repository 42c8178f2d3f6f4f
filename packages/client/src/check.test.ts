import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';

describe('checking an answer against its endpoint', () => {
  it('hands on an answer of the declared shape', async () => {
    await expect(checkAnswer('countUnreadMessages', { unread: 3 })).resolves.toEqual({ unread: 3 });
  });

  it('refuses an answer of another shape', async () => {
    await expect(checkAnswer('countUnreadMessages', { unread: 'three' })).rejects.toThrow();
  });
});
