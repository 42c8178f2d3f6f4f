import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { ClusterBus } from './bus';
import type { Leadership, LeadershipName, Role } from './leadership';

export type LeadershipOptions = {
  db: Db;
  nodeId: string;
  /**
   * The only node: it takes every name at once, whatever lease an earlier process of it left behind (a crash
   * leaves one to lapse), so that a restart does not wait out the lease.
   */
  alone: boolean;
  /** Where nodes hear of names handed over, to take them at once; in process when alone. */
  bus?: ClusterBus;
  /** How long a lease lasts unless renewed. */
  leaseMs?: number;
  /** How often leases are renewed and lapsed ones looked for. */
  tickMs?: number;
  /**
   * How long a role's stop may hold back what follows it: releasing its name when handed over, and the roles
   * started or stopped after it. Past it, those go on while the role finishes stopping by itself.
   */
  handOverMs?: number;
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** Told of every change: a name gained (with its epoch) or lost. */
  onChange?: (name: LeadershipName, epoch: bigint | undefined) => void;
};

/** A node's presence is a lease of its own under this prefix: how many nodes share the names is counted from them. */
const PRESENCE = 'node:';
/** The bus topic on which a node that hands names over says so. */
const RELEASED_TOPIC = 'leadership-released';
const LEASE_MS = 3000;
const TICK_MS = 1000;
const HAND_OVER_MS = 10_000;

type Contender = { role: Role; epoch: bigint | undefined };

/**
 * Leadership from PostgreSQL (decision 0044): a lease row per name in `leadership`. Every tick the node renews
 * the leases it holds and takes those that have lapsed, each taking raising the name's epoch by one; a renewal
 * that finds a name gone (taken after a pause), or no renewal for a whole lease (the database unreachable), stops
 * the name's role. Roles start and stop one at a time, in the order the changes were seen, apart from renewals: a
 * name leaves what the node holds the moment it is lost, whatever its role is doing, and a role slow to stop holds
 * back the next roles and its name's release for at most `handOverMs` (its late writes are refused by the fence).
 *
 * Names are shared out: each node also renews a presence lease (`node:<id>`), and takes lapsed names only up to
 * its fair share (the names over the nodes present, rounded up), handing one name a round over to the others while
 * it holds more. A name nobody has taken for a whole lease is taken whatever the share, so that a node counted as
 * present but unable to lead never leaves a market without an owner.
 */
export class PostgresLeadership implements Leadership {
  readonly nodeId: string;
  private readonly alone: boolean;
  private readonly contenders = new Map<LeadershipName, Contender>();
  private readonly leaseMs: number;
  private readonly tickMs: number;
  private readonly handOverMs: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private roles: Promise<void> = Promise.resolve();
  private lastRenewedAt = 0;
  private started = false;
  private stopped = false;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly options: LeadershipOptions) {
    this.nodeId = options.nodeId;
    this.alone = options.alone;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.tickMs = options.tickMs ?? TICK_MS;
    this.handOverMs = options.handOverMs ?? HAND_OVER_MS;
  }

  contend(name: LeadershipName, role: Role): void {
    if (this.contenders.has(name)) throw new Error(`${name} is contended for twice`);
    this.contenders.set(name, { role, epoch: undefined });
    if (this.started && !this.stopped) this.tick();
  }

  epochOf(name: LeadershipName): bigint | undefined {
    return this.contenders.get(name)?.epoch;
  }

  async ledElsewhere(name: LeadershipName): Promise<boolean> {
    if (this.alone) return false;
    const held = await rowsOf<{ holder: string }>(
      this.options.db,
      sql`select holder from leadership
          where name = ${name} and holder is not null and holder <> ${this.nodeId} and expires_at > now()`,
    );
    return held.length > 0;
  }

  held(): Array<{ name: LeadershipName; epoch: bigint }> {
    return [...this.contenders].flatMap(([name, { epoch }]) =>
      epoch === undefined ? [] : [{ name, epoch }],
    );
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = await this.options.bus?.subscribe(RELEASED_TOPIC, () => {
      if (!this.stopped) this.tick();
    });
    if (this.alone) await this.takeAll();
    this.tick();
    await this.ticking;
    // The roles of the names taken now have started when this resolves: a node alone serves once its feed runs.
    await this.roles;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.unsubscribe?.();
    await this.ticking;
    const held = this.held();
    for (const { name } of held) this.lose(name);
    await this.roles;
    try {
      await this.options.db.execute(sql`
        delete from leadership where name = ${PRESENCE + this.nodeId} and holder = ${this.nodeId}`);
      if (held.length === 0) return;
      await this.options.db.execute(sql`
        update leadership l set holder = null, expires_at = now()
        from unnest(${sql.param(names(held))}::text[], ${sql.param(epochs(held))}::bigint[]) as h(name, epoch)
        where l.name = h.name and l.epoch = h.epoch and l.holder = ${this.nodeId}`);
      await this.options.bus?.publish(RELEASED_TOPIC, this.nodeId);
    } catch (error) {
      // The leases lapse by themselves.
      this.options.log?.warn({ err: error }, 'leadership could not be handed over; it lapses with its lease');
    }
  }

  /** Runs one renewal and taking round after the one in progress. */
  private tick() {
    this.ticking = this.ticking.then(() => this.round());
  }

  private async round() {
    if (this.stopped) return;
    try {
      await this.renew();
      const share = await this.fairShare();
      await this.take(share);
      this.shed(share);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'leadership could not be renewed');
      // Without a renewal for a whole lease, another node may lead now: stop before its lease could be taken.
      if (performance.now() - this.lastRenewedAt >= this.leaseMs) {
        for (const { name } of this.held()) this.lose(name);
      }
    }
  }

  private async renew() {
    const held = this.held();
    const asked = performance.now();
    if (held.length === 0) {
      this.lastRenewedAt = asked;
      return;
    }
    const renewed = await rowsOf<{ name: string }>(
      this.options.db,
      sql`
        update leadership l set expires_at = now() + ${this.leaseMs} * interval '1 millisecond'
        from unnest(${sql.param(names(held))}::text[], ${sql.param(epochs(held))}::bigint[]) as h(name, epoch)
        where l.name = h.name and l.epoch = h.epoch and l.holder = ${this.nodeId}
        returning l.name`,
    );
    this.lastRenewedAt = asked;
    const kept = new Set(renewed.map((row) => row.name));
    for (const { name } of held) if (!kept.has(name)) this.lose(name);
  }

  /**
   * Renews this node's presence and answers how many names it should lead: all of them alone, else the names
   * over the nodes present, rounded up. Presences lapsed for a day are cleared on the way.
   */
  private async fairShare(): Promise<number> {
    if (this.alone) return this.contenders.size;
    const [row] = await rowsOf<{ others: number }>(
      this.options.db,
      sql`
        with present as (
          insert into leadership as l (name, holder, epoch, expires_at)
          values (${PRESENCE + this.nodeId}, ${this.nodeId}, 0, now() + ${this.leaseMs} * interval '1 millisecond')
          on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
          returning 1
        ), cleared as (
          delete from leadership where name like ${`${PRESENCE}%`} and expires_at < now() - interval '1 day'
        )
        select count(*)::int as others from leadership
        where name like ${`${PRESENCE}%`} and name <> ${PRESENCE + this.nodeId} and expires_at > now()`,
    );
    return Math.ceil(this.contenders.size / ((row?.others ?? 0) + 1));
  }

  /**
   * Takes wanted names whose lease has lapsed or was released, up to the node's share; beyond it, only names left
   * without a leader for a whole lease.
   */
  private async take(share: number) {
    const wanted = [...this.contenders].filter(([, contender]) => contender.epoch === undefined);
    if (wanted.length === 0) return;
    const room = Math.max(share - this.held().length, 0);
    const taken = await rowsOf<{ name: string; epoch: string }>(
      this.options.db,
      sql`
        with state as (
          select wanted.name,
            l.name is null or l.holder is null or l.expires_at < now() as free,
            l.expires_at < now() - ${this.leaseMs} * interval '1 millisecond' as abandoned
          from unnest(${sql.param(wanted.map(([name]) => name))}::text[]) as wanted(name)
          left join leadership l on l.name = wanted.name
        ), candidates as (
          (select name from state where free order by random() limit ${room})
          union
          select name from state where abandoned
        )
        insert into leadership as l (name, holder, epoch, expires_at)
        select name, ${this.nodeId}, 1, now() + ${this.leaseMs} * interval '1 millisecond' from candidates
        on conflict (name) do update
          set holder = excluded.holder, epoch = l.epoch + 1, expires_at = excluded.expires_at
          where l.expires_at < now() or l.holder is null
        returning l.name, l.epoch::text as epoch`,
    );
    // Taken over the share (two nodes finding the same lapsed names at once): handed back a round at a time by shed.
    for (const row of taken) this.gain(row.name, BigInt(row.epoch));
  }

  /**
   * Hands one name over while this node leads more than its share, so that names spread as nodes join. The name is
   * released once its role has stopped, without holding the renewals of the others back meanwhile.
   */
  private shed(share: number) {
    const held = this.held();
    if (held.length <= share) return;
    const last = held.sort((a, b) => (a.name < b.name ? 1 : -1))[0];
    if (!last) return;
    this.lose(last.name);
    this.roles = this.roles.then(async () => {
      await this.release(last.name, last.epoch);
      await this.options.bus
        ?.publish(RELEASED_TOPIC, this.nodeId)
        .catch((error: unknown) =>
          this.options.log?.warn({ err: error }, 'a name handed over was not announced'),
        );
    });
  }

  /** At start, alone: every name is this node's, with a new epoch, whoever held it before. */
  private async takeAll() {
    const all = [...this.contenders.keys()];
    if (all.length === 0) return;
    const taken = await rowsOf<{ name: string; epoch: string }>(
      this.options.db,
      sql`
        insert into leadership as l (name, holder, epoch, expires_at)
        select name, ${this.nodeId}, 1, now() + ${this.leaseMs} * interval '1 millisecond'
        from unnest(${sql.param(all)}::text[]) as name
        on conflict (name) do update
          set holder = excluded.holder, epoch = l.epoch + 1, expires_at = excluded.expires_at
        returning l.name, l.epoch::text as epoch`,
    );
    this.lastRenewedAt = performance.now();
    for (const row of taken) this.gain(row.name, BigInt(row.epoch));
  }

  private gain(name: LeadershipName, epoch: bigint) {
    const contender = this.contenders.get(name);
    if (!contender) return;
    contender.epoch = epoch;
    this.options.log?.info({ name, epoch: String(epoch), node: this.nodeId }, 'leadership gained');
    this.options.onChange?.(name, epoch);
    this.roles = this.roles.then(async () => {
      // Lost again before its role could start: nothing to start.
      if (contender.epoch !== epoch) return;
      try {
        await contender.role.gained(epoch);
      } catch (error) {
        this.options.log?.warn({ err: error, name }, 'a role could not start; its name is handed over');
        this.lose(name);
        await this.release(name, epoch);
      }
    });
  }

  private lose(name: LeadershipName) {
    const contender = this.contenders.get(name);
    if (!contender || contender.epoch === undefined) return;
    const epoch = contender.epoch;
    contender.epoch = undefined;
    this.options.log?.info({ name, epoch: String(epoch), node: this.nodeId }, 'leadership lost');
    this.options.onChange?.(name, undefined);
    this.roles = this.roles.then(() => this.stopRole(name, contender.role));
  }

  /** Stops a role, waiting for it at most `handOverMs`; a stop that fails or lingers is logged, never thrown. */
  private async stopRole(name: LeadershipName, role: Role) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), this.handOverMs);
      timer.unref();
    });
    try {
      if (await Promise.race([role.lost().then(() => false), late])) {
        this.options.log?.warn(
          { name, ms: this.handOverMs },
          'a role is still stopping; what follows goes on',
        );
      }
    } catch (error) {
      this.options.log?.warn({ err: error, name }, 'a role could not stop cleanly');
    } finally {
      clearTimeout(timer);
    }
  }

  private async release(name: LeadershipName, epoch: bigint) {
    await this.options.db
      .execute(sql`
        update leadership set holder = null, expires_at = now()
        where name = ${name} and epoch = ${epoch} and holder = ${this.nodeId}`)
      .catch(() => undefined);
  }
}

function names(held: Array<{ name: string }>) {
  return held.map((each) => each.name);
}

function epochs(held: Array<{ epoch: bigint }>) {
  return held.map((each) => String(each.epoch));
}
