import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/database';
import { scratchDatabase, until } from '../../test/scratch-database';
import type { Database } from '../db/client';
import { LocalBus } from './bus';
import type { Role } from './leadership';
import { PostgresLeadership } from './postgres-leadership';

/** A role that writes down what happened to it. */
class RecordingRole implements Role {
  readonly events: string[] = [];
  async gained(epoch: bigint) {
    this.events.push(`gained ${epoch}`);
  }
  async lost() {
    this.events.push('lost');
  }
}

let database: Database;
let drop: () => Promise<void>;
let seq = 0;

beforeAll(async () => {
  ({ database, drop } = await scratchDatabase());
});
afterAll(async () => drop());

/** Each test its own names, since leases outlive the nodes that held them. */
function nameOf(kind: string) {
  seq += 1;
  return `${kind}:T${seq}`;
}

function nodeOf(
  nodeId: string,
  options: { alone?: boolean; bus?: LocalBus; leaseMs?: number; handOverMs?: number } = {},
) {
  return new PostgresLeadership({
    db: database.db,
    nodeId,
    alone: options.alone ?? false,
    bus: options.bus,
    leaseMs: options.leaseMs ?? 400,
    tickMs: 50,
    handOverMs: options.handOverMs,
  });
}

describe('leadership', () => {
  it('gives each name to one node, which hands it over at once when it stops', async () => {
    const bus = new LocalBus();
    const name = nameOf('job');
    const first = nodeOf('node-a', { bus, leaseMs: 60_000 });
    const second = nodeOf('node-b', { bus, leaseMs: 60_000 });
    const firstRole = new RecordingRole();
    const secondRole = new RecordingRole();
    first.contend(name, firstRole);
    second.contend(name, secondRole);
    await first.start();
    await second.start();

    expect(first.held()).toEqual([{ name, epoch: 1n }]);
    expect(second.epochOf(name)).toBeUndefined();

    // The lease would hold for a minute: the second node takes the name because the first says it let it go.
    await first.stop();
    await until(() => second.epochOf(name) !== undefined, 'the second node leads');
    expect(second.epochOf(name)).toBe(2n);
    expect(firstRole.events).toEqual(['gained 1', 'lost']);
    await until(() => secondRole.events.length === 1, 'the second role started');
    expect(secondRole.events).toEqual(['gained 2']);
    await second.stop();
  });

  it("takes a name whose holder stopped renewing once its lease lapses, and the old holder's renewal stops it", async () => {
    const name = nameOf('spot');
    const stalled = nodeOf('node-stalled');
    const stalledRole = new RecordingRole();
    stalled.contend(name, stalledRole);
    await stalled.start();
    expect(stalled.epochOf(name)).toBe(1n);
    // The holder pauses: its lease is no longer renewed.
    (stalled as unknown as { timer: NodeJS.Timeout }).timer.close();

    const taker = nodeOf('node-taker');
    const takerRole = new RecordingRole();
    taker.contend(name, takerRole);
    await taker.start();
    await until(() => taker.epochOf(name) === 2n, 'the lapsed lease is taken');

    // The paused holder wakes: its next renewal finds the name gone and stops its role.
    await (stalled as unknown as { round(): Promise<void> }).round();
    expect(stalled.epochOf(name)).toBeUndefined();
    await until(() => stalledRole.events.length === 2, 'the old role stopped');
    expect(stalledRole.events).toEqual(['gained 1', 'lost']);
    await Promise.all([stalled.stop(), taker.stop()]);
  });

  it('keeps renewing what it leads while a role it handed over never finishes stopping', async () => {
    const bus = new LocalBus();
    const names = [nameOf('spot'), nameOf('spot')];
    // Each of the first node's roles hangs when stopped, as a book whose last write waits on a lock would.
    const stuck: Role = { gained: async () => {}, lost: () => new Promise<void>(() => {}) };
    const first = nodeOf('node-stuck', { bus, handOverMs: 300 });
    const second = nodeOf('node-joining', { bus });
    for (const name of names) first.contend(name, stuck);
    await first.start();
    expect(first.held()).toHaveLength(2);
    try {
      // The second node joins: the first hands one name over, whose role never finishes stopping.
      for (const name of names) second.contend(name, new RecordingRole());
      await second.start();
      await until(() => second.held().length > 0, 'the second node leads a name');

      // Leases of 400 ms: for several of them the first node still renews the name it kept, which nobody takes.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const [kept] = first.held();
      expect(first.held()).toHaveLength(1);
      expect(second.held().map(({ name }) => name)).toEqual(names.filter((name) => name !== kept?.name));
      const [row] = await rowsOf<{ holder: string; live: boolean }>(
        database.db,
        sql`select holder, expires_at > now() as live from leadership where name = ${kept?.name}`,
      );
      expect(row).toEqual({ holder: 'node-stuck', live: true });
      // Stopping does not wait for ever on the stuck roles either.
      await first.stop();
    } finally {
      void first.stop();
      await second.stop();
    }
  });

  it('shares the names out as nodes join, each name led by one node', async () => {
    const bus = new LocalBus();
    const names = Array.from({ length: 6 }, () => nameOf('spot'));
    const nodes = ['node-x', 'node-y', 'node-z'].map((id) => nodeOf(id, { bus, leaseMs: 2_000 }));
    for (const node of nodes) for (const name of names) node.contend(name, new RecordingRole());
    // The first node is alone for a moment and takes every name; the others' arrival makes it hand some over.
    await nodes[0]?.start();
    expect(nodes[0]?.held()).toHaveLength(6);
    await Promise.all(nodes.slice(1).map((node) => node.start()));
    await until(() => nodes.every((node) => node.held().length === 2), 'each node leads two names');
    const leaders = names.map((name) => nodes.filter((node) => node.epochOf(name) !== undefined).length);
    expect(leaders).toEqual([1, 1, 1, 1, 1, 1]);
    await Promise.all(nodes.map((node) => node.stop()));
  });

  it('alone, takes every name at start with a new epoch, whatever lease an earlier process left', async () => {
    const name = nameOf('spot');
    const crashed = nodeOf('node-crashed', { alone: true, leaseMs: 60_000 });
    crashed.contend(name, new RecordingRole());
    await crashed.start();
    (crashed as unknown as { timer: NodeJS.Timeout }).timer.close();

    const restarted = nodeOf('node-restarted', { alone: true, leaseMs: 60_000 });
    restarted.contend(name, new RecordingRole());
    await restarted.start();
    expect(restarted.held()).toEqual([{ name, epoch: 2n }]);
    await restarted.stop();
  });

  it('hands a name over when its role cannot start', async () => {
    const name = nameOf('job');
    const node = nodeOf('node-failing');
    node.contend(name, {
      gained: async () => {
        throw new Error('cannot rebuild');
      },
      lost: async () => {},
    });
    await node.start();
    await until(async () => {
      const [row] = await rowsOf<{ holder: string | null }>(
        database.db,
        sql`select holder from leadership where name = ${name}`,
      );
      return row?.holder === null;
    }, 'the name is released');
    await node.stop();
  });
});

describe('the fence on spot orders', () => {
  async function orderWithEpoch(symbol: string, epoch: bigint | null) {
    const [user] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into users (password_hash, invite_code) values ('x', ${randomBytes(4).toString('hex')}) returning id`,
    );
    await database.db.execute(sql`
      insert into spot_orders (user_id, symbol, side, type, time_in_force, frozen_asset, frozen_amount, epoch)
      values (${user?.id}, ${symbol}, 'buy', 'limit', 'GTC', 'USDT', 1, ${epoch})`);
  }

  it("refuses a write naming an epoch that is no longer its market's, and takes the leader's", async () => {
    const name = nameOf('spot');
    const symbol = name.slice('spot:'.length);
    const node = nodeOf('node-fenced', { alone: true });
    node.contend(name, new RecordingRole());
    await node.start();
    await node.stop();
    const restarted = nodeOf('node-fenced-2', { alone: true });
    restarted.contend(name, new RecordingRole());
    await restarted.start();
    expect(restarted.epochOf(name)).toBe(2n);

    await expect(orderWithEpoch(symbol, 1n)).rejects.toMatchObject({ cause: { code: 'KF001' } });
    await expect(orderWithEpoch(symbol, null)).rejects.toMatchObject({ cause: { code: 'KF001' } });
    await orderWithEpoch(symbol, 2n);
    const stored = await rowsOf<{ epoch: string }>(
      database.db,
      sql`select epoch::text as epoch from spot_orders where symbol = ${symbol}`,
    );
    expect(stored).toEqual([{ epoch: '2' }]);
    await restarted.stop();
  });
});
