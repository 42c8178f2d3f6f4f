import { useRef } from 'react';

/**
 * The Idempotency-Key of a money-moving submission: a new one for a new submission, the same one when the same
 * submission is sent again after an answer that never arrived, so the server acts on it at most once. Two
 * submissions are the same when their fingerprints are (the fields that make the order, transfer or payout).
 */
export class Attempts<Body> {
  private current: { fingerprint: string; key: string } | undefined;

  constructor(
    private readonly fingerprintOf: (body: Body) => unknown,
    private readonly newKey: () => string = () => crypto.randomUUID(),
  ) {}

  keyFor(body: Body): string {
    const fingerprint = JSON.stringify(this.fingerprintOf(body));
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The server answered (success or a refusal): that attempt is over, the next submission is a new one. */
  settle(): void {
    this.current = undefined;
  }
}

/** A form's attempts, kept for the life of the screen. */
export function useIdempotentSubmission<Body>(fingerprintOf: (body: Body) => unknown): Attempts<Body> {
  const attempts = useRef<Attempts<Body> | null>(null);
  attempts.current ??= new Attempts(fingerprintOf);
  return attempts.current;
}
