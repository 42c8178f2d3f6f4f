import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Envelope, ERRORS, IDEMPOTENCY_KEY_HEADER } from '@kestrel/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { IdempotencyRepository } from './idempotency.repository';

/** Printable ASCII, as clients send UUIDs or similar; long enough for any of them. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/**
 * How long a first request may run before a retry may take its key over (its process is presumed dead): longer
 * than the slowest answer, a spot order waiting out its market's change of hands (decision 0044). A request still
 * running then does no harm, since its effect happens once by its reference.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 20;
/** How long a duplicate waits for the first request's answer before answering that it is still in progress. */
const WAIT_MS = 15_000;
const POLL_MS = 20;

/**
 * Idempotency-Key support for money-moving POSTs (ARCHITECTURE.md section 4). The first request with a key claims
 * it with a unique insert; its answer, success or business failure, is stored and replayed to every later request
 * with the same key and body. A duplicate arriving while the first still runs waits for that answer. The same
 * key with another body, or on another operation, is a 409.
 *
 * The handler receives a reference derived from the key: handing it to the ledger as the journal reference
 * makes the effect itself happen once, even if the process dies between the effect and storing the answer and a
 * retry runs the handler again. Without a key the reference is a fresh one no retry can repeat, and `keyed` says
 * so (a caller with nowhere else to use it need not store it).
 */
export class Idempotency {
  constructor(
    private readonly repository: IdempotencyRepository,
    private readonly waitMs = WAIT_MS,
  ) {}

  async run<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    handler: (reference: string, keyed: boolean) => Promise<Envelope<T>>,
  ): Promise<Envelope<T>> {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return handler(randomUUID(), false);
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) throw new AppError('parameterError');
    const requestHash = fingerprint(request);
    const { owner, reference } = ownerOf(request, key);
    const giveUpAt = Date.now() + this.waitMs;
    for (;;) {
      if (await this.repository.claim(owner, key, requestHash, IDEMPOTENCY_LEASE_SECONDS)) {
        return this.answer(request, owner, key, () => handler(reference, true));
      }
      const record = await this.repository.find(owner, key);
      // Gone: the first request failed without an answer and freed the key; claim it again.
      if (!record) continue;
      if (record.requestHash !== requestHash) throw new AppError('idempotencyConflict');
      if (record.status !== null) {
        reply.status(record.status);
        return record.response as Envelope<T>;
      }
      if (await this.repository.takeOver(owner, key, IDEMPOTENCY_LEASE_SECONDS)) {
        return this.answer(request, owner, key, () => handler(reference, true));
      }
      // The same request, still running or cut off by a crash whose lease has not lapsed: the client may retry.
      if (Date.now() > giveUpAt) throw new AppError('idempotencyInProgress');
      await sleep(POLL_MS);
    }
  }

  /**
   * Runs the first request and stores its answer. A failure of the server's side (a 5xx: the database out of reach,
   * a market changing hands) frees the key instead, so that a retry runs again rather than replaying it; the
   * reference makes whatever the first attempt did happen once.
   */
  private async answer<T>(
    request: FastifyRequest,
    owner: string,
    key: string,
    handler: () => Promise<Envelope<T>>,
  ): Promise<Envelope<T>> {
    try {
      const body = await handler();
      await this.repository.complete(owner, key, 200, body);
      return body;
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        const message = request.t(ERRORS[error.reason].message, error.params);
        await this.repository.complete(owner, key, error.status, {
          code: error.code,
          msg: message,
          data: null,
        });
      } else {
        await this.repository.release(owner, key);
      }
      throw error;
    }
  }
}

/**
 * Whose key it is, and the reference handed to the handler: a user's keys are theirs alone (the reference
 * `<user>:<key>` becomes a journal reference); an operator's are theirs, on the console's decisions.
 */
function ownerOf(request: FastifyRequest, key: string): { owner: string; reference: string } {
  if (request.admin)
    return { owner: `admin:${request.admin.id}`, reference: `admin:${request.admin.id}:${key}` };
  return { owner: `user:${request.user.id}`, reference: `${request.user.id}:${key}` };
}

/** What makes two requests the same: the operation, its path parameters and the body, keys in a fixed order. */
function fingerprint(request: FastifyRequest): string {
  const operation = `${request.method} ${request.routeOptions.url} ${canonicalJson(request.params ?? {})}`;
  return createHash('sha256')
    .update(`${operation}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
