import { channels, type OptionClockMessage } from '@kestrel/contract';
import type { FastifyBaseLogger } from 'fastify';
import { refusedByFence } from '../../cluster/fence';
import type { Leadership } from '../../cluster/leadership';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { OptionOrdersRepository, TickRow } from './option-orders.repository';
import type { StoredProduct } from './option-products.repository';
import type { OptionSettlement } from './option-settlement';
import { isStale, roundsOnSale, roundView, tickView } from './option-views';

/** How often an owner looks for rounds to settle and for rounds that turned. */
export const SETTLE_EVERY_MS = 250;
const REFRESH_EVERY_ROUNDS = 4;

/** The index every node hears (MarketsService provides it). */
export type OptionIndex = {
  onIndexPrice(listener: (symbol: string, price: string) => void): () => void;
};

/** A product this node owns. */
type Lead = {
  productId: string;
  epoch: bigint;
  /** Tick writes, one at a time, so that a tick after a round's close is only visible after those before it. */
  ticks: Promise<void>;
  settling: Promise<void> | undefined;
  lastTick: TickRow | undefined;
  /** The rounds on sale last published, to publish again when one turns. */
  clock: string;
  deposed: boolean;
};

export type OptionOwnerParts = {
  repository: OptionOrdersRepository;
  settlement: OptionSettlement;
  /** The products as stored now. */
  products: () => Promise<StoredProduct[]>;
  index: OptionIndex;
  publisher: RealtimePublisher;
  leadership: Pick<Leadership, 'contend'>;
  log?: FastifyBaseLogger;
  settleEveryMs?: number;
};

/**
 * The owner of the products this node leads (`options:<product id>`, docs/decisions/0047-options.md): it records
 * every index tick of the product's market with its epoch, publishes the round clock on each tick and when a round
 * turns, and settles every round whose close has passed, from the database alone, so that a restart or a failover
 * settles every overdue round.
 */
export class OptionOwner {
  private readonly leads = new Map<string, Lead>();
  private readonly contended = new Set<string>();
  private products = new Map<string, StoredProduct>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private stopped = false;
  private rounds = 0;

  constructor(private readonly parts: OptionOwnerParts) {}

  /** Contends for every product and listens to the index. */
  async start(): Promise<void> {
    await this.refresh();
    this.unsubscribe = this.parts.index.onIndexPrice((symbol, price) => this.heard(symbol, price));
    this.timer = setInterval(() => this.round(), this.parts.settleEveryMs ?? SETTLE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await Promise.all([...this.leads.keys()].map((productId) => this.lost(productId)));
  }

  /** Reads the products again and contends for new ones (an operator added one). */
  async refresh(): Promise<void> {
    const products = await this.parts.products();
    this.products = new Map(products.map((product) => [String(product.id), product]));
    for (const productId of this.products.keys()) {
      if (this.contended.has(productId)) continue;
      this.contended.add(productId);
      this.parts.leadership.contend(`options:${productId}`, {
        gained: (epoch) => this.gained(productId, epoch),
        lost: () => this.lost(productId),
      });
    }
  }

  /** Whether this node owns the product now. */
  owns(productId: string): boolean {
    const lead = this.leads.get(productId);
    return lead !== undefined && !lead.deposed;
  }

  /** Settles what is due on the products this node owns, now; for tests. */
  async settleNow(): Promise<void> {
    await Promise.all([...this.leads.values()].map((lead) => this.settle(lead)));
  }

  /** Tick writes queued so far, done; for tests. */
  async ticksWritten(): Promise<void> {
    await Promise.all([...this.leads.values()].map((lead) => lead.ticks));
  }

  private async gained(productId: string, epoch: bigint): Promise<void> {
    if (this.stopped) return;
    const [lastTick] = await this.parts.repository.ticks(productId, undefined, 1);
    this.leads.set(productId, {
      productId,
      epoch,
      ticks: Promise.resolve(),
      settling: undefined,
      lastTick,
      clock: '',
      deposed: false,
    });
  }

  private async lost(productId: string): Promise<void> {
    const lead = this.leads.get(productId);
    if (!lead) return;
    lead.deposed = true;
    this.leads.delete(productId);
    await Promise.allSettled([lead.ticks, lead.settling]);
  }

  private heard(symbol: string, price: string) {
    for (const lead of this.leads.values()) {
      if (lead.deposed || this.products.get(lead.productId)?.symbol !== symbol) continue;
      lead.ticks = lead.ticks.then(() => this.record(lead, price));
    }
  }

  private async record(lead: Lead, price: string): Promise<void> {
    if (lead.deposed) return;
    try {
      lead.lastTick = await this.parts.repository.recordTick(lead.productId, price, lead.epoch);
      this.publishClock(lead, lead.lastTick.recordedAt);
    } catch (error) {
      this.failed(lead, error, 'recording an option tick failed');
    }
  }

  /** Each timer round: settle what is due and publish the clock of products whose round turned. */
  private round() {
    if (this.stopped) return;
    this.rounds += 1;
    // Products change rarely (an operator's edit): read them again about once a second.
    if (this.rounds % REFRESH_EVERY_ROUNDS === 0)
      this.refreshing ??= this.refresh()
        .catch((error) => this.parts.log?.warn({ err: error }, 'reading option products failed'))
        .finally(() => {
          this.refreshing = undefined;
        });
    const now = new Date();
    for (const lead of this.leads.values()) {
      if (lead.deposed) continue;
      const product = this.products.get(lead.productId);
      if (product && clockKeyOf(product, now) !== lead.clock) this.publishClock(lead, now);
      if (!lead.settling) {
        lead.settling = this.settle(lead).finally(() => {
          lead.settling = undefined;
        });
      }
    }
  }

  private async settle(lead: Lead): Promise<void> {
    const product = this.products.get(lead.productId);
    if (!product || lead.deposed) return;
    try {
      await this.parts.settlement.settleDue(
        { id: lead.productId, asset: product.asset, staleSeconds: product.staleSeconds },
        lead.epoch,
      );
    } catch (error) {
      this.failed(lead, error, 'settling option rounds failed');
    }
  }

  /** A write refused by the fence means another node owns the product now: stop at once, write nothing more. */
  private failed(lead: Lead, error: unknown, what: string) {
    if (refusedByFence(error)) {
      lead.deposed = true;
      if (this.leads.get(lead.productId) === lead) this.leads.delete(lead.productId);
      this.parts.log?.info({ product: lead.productId }, 'an option product passed to another node');
      return;
    }
    this.parts.log?.warn({ err: error, product: lead.productId }, what);
  }

  private publishClock(lead: Lead, now: Date) {
    const product = this.products.get(lead.productId);
    if (!product) return;
    lead.clock = clockKeyOf(product, now);
    const message: OptionClockMessage = {
      productId: lead.productId,
      symbol: product.symbol,
      rounds: roundsOnSale(product, now).map(roundView),
      lastTick: lead.lastTick ? tickView(lead.lastTick) : null,
      stale: isStale(product, lead.lastTick, now),
    };
    this.parts.publisher.publish(channels.optionClock, { product: lead.productId }, message);
  }
}

/** What changes when a round turns: the round on sale in each period. */
function clockKeyOf(product: StoredProduct, now: Date): string {
  return roundsOnSale(product, now)
    .map((round) => `${round.periodSeconds}:${round.periodNumber}`)
    .join(',');
}
