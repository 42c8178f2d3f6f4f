import { describe, expect, it, vi } from 'vitest';
import type { Parser } from './client';
import { lazySchema } from './lazySchema';

const doubling: Parser<number> = {
  parse: (value) => {
    if (typeof value !== 'number') throw new Error('not a number');
    return value * 2;
  },
};

describe('lazySchema', () => {
  it('loads the schema on the first check only and then checks with it', async () => {
    const load = vi.fn(() => Promise.resolve(doubling));
    const sut = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    await expect(sut.parse(2)).resolves.toBe(4);
    await expect(sut.parse(5)).resolves.toBe(10);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects what the schema rejects', async () => {
    await expect(lazySchema(() => Promise.resolve(doubling)).parse('2')).rejects.toThrow('not a number');
  });

  it('tries the download again after it failed', async () => {
    const load = vi
      .fn<() => Promise<Parser<number>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(doubling);
    const sut = lazySchema(load);
    await expect(sut.parse(1)).rejects.toThrow('offline');
    await expect(sut.parse(1)).resolves.toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('checks the first screen answers with the contract schemas', async () => {
    const { publicUser } = await import('./schemas');
    const sut = lazySchema(() => import('./schemas').then((m) => m.publicUser));
    await expect(sut.parse({ id: 'x' })).rejects.toThrow();
    expect(publicUser.safeParse({ id: 'x' }).success).toBe(false);
  });
});
