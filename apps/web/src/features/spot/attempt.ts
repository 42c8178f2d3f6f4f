import type { PlaceOrderBody } from '@kestrel/contract';

/**
 * The Idempotency-Key of an order submission: a new one for a new order, the same one when the same order is
 * sent again after an answer that never arrived, so the server places it at most once.
 */
export class OrderAttempts {
  private current: { fingerprint: string; key: string } | undefined;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(body: PlaceOrderBody): string {
    const fingerprint = JSON.stringify([
      body.symbol,
      body.side,
      body.type,
      body.price,
      body.size,
      body.total,
    ]);
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The server answered (success or a refusal): the next submission is a new order. */
  settle() {
    this.current = undefined;
  }
}
