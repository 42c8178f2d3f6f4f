import { describe, expect, it } from 'vitest';
import { HashingQueue } from './password-hashing';

/** A hash that finishes when the test says so, and says whether it ever started. */
function heldHash() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const hash = {
    started: false,
    run: async () => {
      hash.started = true;
      await done;
      return 'hashed';
    },
    finish,
  };
  return hash;
}

/** The value of a run, or the error it was refused with, so that a refusal is never left unhandled. */
function outcomeOf<T>(run: Promise<T>): Promise<T | unknown> {
  return run.catch((error: unknown) => error);
}

/** Lets every promise that can settle now settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hashing queue', () => {
  it('runs a few at once, queues a few more, and refuses the rest as busy without hashing them', async () => {
    const sut = new HashingQueue({ concurrency: 2, queue: 3, perOwner: 100 });
    const hashes = Array.from({ length: 7 }, heldHash);
    const outcomes = hashes.map((hash, index) => outcomeOf(sut.run(`ip:10.0.0.${index}`, hash.run)));
    await settle();

    expect(hashes.map((hash) => hash.started)).toEqual([true, true, false, false, false, false, false]);
    expect(await outcomes[5]).toMatchObject({ reason: 'busy', status: 503 });
    expect(await outcomes[6]).toMatchObject({ reason: 'busy' });
    expect(sut.stats()).toEqual({ started: 2, refused: 2, running: 2, waiting: 3 });

    for (const hash of hashes) hash.finish();
    expect(await Promise.all(outcomes.slice(0, 5))).toEqual(Array(5).fill('hashed'));
    expect(sut.stats()).toEqual({ started: 5, refused: 2, running: 0, waiting: 0 });
  });

  it("refuses an owner's hashes beyond its share while another owner still gets in", async () => {
    const sut = new HashingQueue({ concurrency: 1, queue: 10, perOwner: 3 });
    const flood = Array.from({ length: 5 }, heldHash);
    const flooding = flood.map((hash) => outcomeOf(sut.run('ip:10.0.0.1', hash.run)));
    const other = heldHash();
    const innocent = sut.run('ip:10.0.0.2', other.run);

    expect(await flooding[3]).toMatchObject({ reason: 'busy' });
    expect(await flooding[4]).toMatchObject({ reason: 'busy' });
    expect(sut.stats()).toMatchObject({ running: 1, waiting: 3 });
    for (const hash of [...flood, other]) hash.finish();
    await expect(innocent).resolves.toBe('hashed');
  });

  it('tells beforehand, without taking a turn, whether a hash of an owner would be refused', async () => {
    const sut = new HashingQueue({ concurrency: 1, queue: 10, perOwner: 2 });
    const flood = Array.from({ length: 2 }, heldHash);
    const flooding = flood.map((hash) => outcomeOf(sut.run('ip:10.0.0.1', hash.run)));

    expect(() => sut.refuseWhenFull('ip:10.0.0.1')).toThrow(expect.objectContaining({ reason: 'busy' }));
    expect(() => sut.refuseWhenFull('ip:10.0.0.2')).not.toThrow();
    expect(sut.stats()).toEqual({ started: 1, refused: 1, running: 1, waiting: 1 });
    for (const hash of flood) hash.finish();
    expect(await Promise.all(flooding)).toEqual(['hashed', 'hashed']);
    expect(() => sut.refuseWhenFull('ip:10.0.0.1')).not.toThrow();
  });

  it('leaves a slot for others: one owner never holds every hash running', async () => {
    const sut = new HashingQueue({ concurrency: 2, queue: 10, perOwner: 10 });
    const flood = Array.from({ length: 4 }, heldHash);
    for (const hash of flood) void sut.run('ip:10.0.0.1', hash.run);
    await settle();
    expect(flood.filter((hash) => hash.started)).toHaveLength(1);

    const other = heldHash();
    void sut.run('ip:10.0.0.2', other.run);
    await settle();
    expect(other.started).toBe(true);

    flood[0]?.finish();
    await settle();
    expect(flood.filter((hash) => hash.started)).toHaveLength(2);
    for (const hash of [...flood, other]) hash.finish();
  });

  it('gives the next turn to the owner with the fewest hashes running, not to the earliest in line', async () => {
    const sut = new HashingQueue({ concurrency: 3, queue: 10, perOwner: 10 });
    const flood = Array.from({ length: 6 }, heldHash);
    for (const hash of flood) void sut.run('ip:10.0.0.1', hash.run);
    const second = heldHash();
    void sut.run('ip:10.0.0.2', second.run);
    const third = heldHash();
    void sut.run('ip:10.0.0.3', third.run);
    await settle();
    expect(flood.filter((hash) => hash.started)).toHaveLength(2);
    expect([second.started, third.started]).toEqual([true, false]);

    flood[0]?.finish();
    await settle();

    expect(third.started).toBe(true);
    expect(flood.filter((hash) => hash.started)).toHaveLength(2);
    for (const hash of [...flood, second, third]) hash.finish();
  });

  it('frees the turn of a hash that fails', async () => {
    const sut = new HashingQueue({ concurrency: 1, queue: 1, perOwner: 1 });
    await expect(sut.run('operator', () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    await expect(sut.run('operator', async () => 'hashed')).resolves.toBe('hashed');
    expect(sut.stats()).toEqual({ started: 2, refused: 0, running: 0, waiting: 0 });
  });
});
