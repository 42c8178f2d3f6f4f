import type { WithdrawalBody } from '@kestrel/contract';

/**
 * The Idempotency-Key of a withdrawal submission: a new one for a new withdrawal, the same one when the same
 * withdrawal is sent again after an answer that never arrived, so the server freezes its amount at most once.
 */
export class WithdrawalAttempts {
  private current: { fingerprint: string; key: string } | undefined;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(body: WithdrawalBody): string {
    const fingerprint = JSON.stringify([body.targetType, body.targetId, body.asset, body.amount]);
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The server answered (success or a refusal): that attempt is over, the next submission is a new one. */
  settle() {
    this.current = undefined;
  }
}
