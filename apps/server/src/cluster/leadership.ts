/**
 * Work that one node at a time does (ARCHITECTURE.md section 2): a market's book (`spot:BTCUSDT`, later
 * `futures:…`, `options:…`) or a scheduled job (`job:market-data`, `job:market-maker`). Leadership of a name
 * comes from PostgreSQL and carries a fencing epoch: every write its leader makes names the epoch, and the
 * database refuses a write whose epoch is no longer the name's, so a node that lost leadership without knowing it
 * (a pause, a partition) cannot settle anything.
 */
export type LeadershipName = string;

/** What a node does while it leads a name. */
export interface Role {
  /** Leadership was gained with this epoch: rebuild from PostgreSQL and start; every write names the epoch. */
  gained(epoch: bigint): Promise<void>;
  /** Leadership was lost, handed over or found taken: stop at once and write nothing more. */
  lost(): Promise<void>;
}

export interface Leadership {
  /** This node's name in leases, logs and metrics. */
  readonly nodeId: string;
  /** Contends for a name: its role is started whenever this node gains the name and stopped when it loses it. */
  contend(name: LeadershipName, role: Role): void;
  /** The epoch this node leads the name with, or undefined while it does not lead it. */
  epochOf(name: LeadershipName): bigint | undefined;
  /**
   * Whether another node leads the name now (a live lease); never alone, where a lease another process seems to
   * hold is this node's own from before a restart.
   */
  ledElsewhere(name: LeadershipName): Promise<boolean>;
  /** The names this node leads now. */
  held(): Array<{ name: LeadershipName; epoch: bigint }>;
  /** Starts contending for every name (once the app is ready). */
  start(): Promise<void>;
  /** Stops every role and releases every name at once, so that other nodes take them without waiting. */
  stop(): Promise<void>;
}
