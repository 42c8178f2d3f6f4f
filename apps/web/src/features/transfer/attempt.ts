import type { TransferBody } from '@kestrel/contract';

/**
 * The Idempotency-Key of a submission: a new one for a new transfer, the same one when the same transfer is
 * sent again after an answer that never arrived, so the server moves the funds at most once.
 */
export class TransferAttempts {
  private current: { fingerprint: string; key: string } | undefined;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(body: TransferBody): string {
    const fingerprint = JSON.stringify([body.from, body.to, body.asset, body.amount]);
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The server answered (success or a refusal): that attempt is over, the next submission is a new one. */
  settle() {
    this.current = undefined;
  }
}
