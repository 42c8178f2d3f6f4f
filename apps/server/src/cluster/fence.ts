/** The SQLSTATE with which the database refuses a write naming an epoch that is no longer its name's (0044). */
export const FENCE_REFUSED = 'KF001';

/**
 * Whether an error is the fence's refusal: this node wrote as the leader of a name that has passed to another
 * node. Drivers and the query builder wrap the database's error, so the chain of causes is followed.
 */
export function refusedByFence(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === FENCE_REFUSED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
