import type { AnyDepositBody } from './queries';

/**
 * The Idempotency-Key of a deposit submission: a new one for a new deposit, the same one when the same deposit
 * is sent again after an answer that never arrived, so the server stores it at most once.
 */
export class DepositAttempts {
  private current: { fingerprint: string; key: string } | undefined;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(body: AnyDepositBody): string {
    const fingerprint = JSON.stringify([
      body.asset,
      'chain' in body ? body.chain : 'bank',
      body.account,
      body.amount,
      body.credentialUploadId,
    ]);
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The server answered (success or a refusal): that attempt is over, the next submission is a new one. */
  settle() {
    this.current = undefined;
  }
}
