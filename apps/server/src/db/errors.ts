/** Whether a statement failed on a unique index (SQLSTATE 23505), however the driver or the ORM wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let cause: unknown = error;
    cause && typeof cause === 'object';
    cause = (cause as { cause?: unknown }).cause
  ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
