import { sql } from 'drizzle-orm';

/** A CHECK constraint's list of allowed literals; only the schema's own constants go in, never input. */
export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
