/** The parts of a zod safeParse result this needs, so any schema of @kestrel/contract fits. */
export type SafeParser<T> = {
  safeParse: (value: unknown) =>
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
};

/** Message keys by field, the first issue of each field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type Validation<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/**
 * Runs a contract schema on form values. Its messages are catalogue keys (e.g. 'validation.invalidAccount'),
 * to be shown with t() under their fields.
 */
export function validate<T, F extends string>(
  schema: SafeParser<T>,
  values: Record<F, unknown>,
): Validation<T, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
