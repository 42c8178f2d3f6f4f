/** Socket failures of a server that is down, restarting or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve: class 08 (connection exceptions), 57P01 to 57P03 (shut down by an
 * administrator, crashed, not accepting connections yet) and 53300 (too many connections).
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What node-postgres and its pool say when a connection dies or cannot be had. */
const POOL_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** ioredis gives up on a command after its retries while Redis is unreachable. */
const REDIS_GIVE_UP = 'MaxRetriesPerRequestError';

function isUnavailableItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
  if (error.name === REDIS_GIVE_UP) return true;
  return POOL_MESSAGES.some((message) => error.message.startsWith(message));
}

/**
 * Whether a request failed because a shared engine is out of reach (PostgreSQL down or restarting, Redis gone)
 * rather than because of the request: such a failure is answered with a translated 503 and passes by itself once
 * the engine is back, since the pools and clients open new connections on their next use. Drizzle wraps the
 * driver's error as the cause of its own, so the chain of causes is followed.
 */
export function isServiceUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isUnavailableItself(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isUnavailableItself)) return true;
    current = current.cause;
  }
  return false;
}
