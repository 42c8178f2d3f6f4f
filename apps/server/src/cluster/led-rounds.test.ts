import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from './leadership';
import { LedRounds } from './led-rounds';

/** A leadership the test hands over and takes back by hand. */
function handLeadership() {
  const roles = new Map<string, Role>();
  return { roles, contend: (name: string, role: Role) => void roles.set(name, role) };
}

const running: LedRounds[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((rounds) => rounds.stop()));
});

function roundsOf(parts: Partial<ConstructorParameters<typeof LedRounds>[0]> = {}) {
  const leadership = handLeadership();
  const seen = { rounds: 0, inFlight: 0, mostAtOnce: 0 };
  const sut = new LedRounds({
    leadership,
    name: 'job:test',
    round: async () => {
      seen.rounds += 1;
      seen.inFlight += 1;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 3));
      seen.inFlight -= 1;
    },
    pauseMs: () => 1,
    first: 'atOnce',
    ...parts,
  });
  running.push(sut);
  sut.start();
  const role = () => leadership.roles.get('job:test') as Role;
  return { sut, seen, role, leadership };
}

describe('the rounds of a job one node leads', () => {
  it('contends for the job by its name and runs nothing before it leads', async () => {
    const { seen, leadership } = roundsOf();
    expect([...leadership.roles.keys()]).toEqual(['job:test']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.rounds).toBe(0);
  });

  it('runs round after round while it leads, never two at once, even when leadership is gained again', async () => {
    const { seen, role } = roundsOf();
    await role().gained(1n);
    await role().gained(2n);
    await expect.poll(() => seen.rounds).toBeGreaterThanOrEqual(5);
    expect(seen.mostAtOnce).toBe(1);
  });

  it('stops after the round in flight when leadership is lost', async () => {
    const { seen, role } = roundsOf();
    await role().gained(1n);
    await expect.poll(() => seen.rounds).toBeGreaterThanOrEqual(2);
    await role().lost();
    expect(seen.inFlight).toBe(0);
    const after = seen.rounds;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.rounds).toBe(after);
  });

  it('waits a pause before the first round when asked, and reads the pause again after each round', async () => {
    let pauses = 0;
    const { seen, role } = roundsOf({
      first: 'afterPause',
      pauseMs: () => {
        pauses += 1;
        return pauses === 1 ? 60_000 : 1;
      },
    });
    await role().gained(1n);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.rounds).toBe(0);
    expect(pauses).toBe(1);
  });

  it('goes on after a failed round', async () => {
    let calls = 0;
    const { role } = roundsOf({
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the database is away');
      },
    });
    await role().gained(1n);
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
  });
});
