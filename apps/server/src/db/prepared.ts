import { createHash } from 'node:crypto';
import { is, Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/*
 * Statements prepared once per connection under a name taken from their text (decision 0028). The trading path's
 * batch statements are long and their text depends only on the batch's shape (how many orders, trades and balance
 * rows), which repeats: PostgreSQL parses and plans each shape once per connection instead of on every batch.
 * Meant for `Database.trading`, whose sessions make those plans by index; PGlite ignores the names.
 */

/**
 * Which statements get a name. A prepared statement and its plan stay in the connection's memory and grow with the
 * statement: with every shape named, a trading connection held 200 MB after a minute at full load; with these
 * limits, 46 shapes held 21 MB. Statements of small batches are named, where parsing and planning cost the most
 * per order; larger ones run unnamed, planned each time, as do shapes past the count.
 */
const MAX_NAMED_PARAMETERS = 256;
const MAX_NAMED_SHAPES = 128;

const dialect = new PgDialect();
const names = new Map<string, string>();

/** Runs `query` under the name of its text (or unnamed, past the limits above) and answers its rows. */
export async function executeNamed<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = compile(query);
  const prepared = db._.session.prepareQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>(
    { sql: text, params },
    undefined,
    params.length <= MAX_NAMED_PARAMETERS ? nameOf(text) : undefined,
    false,
  );
  return (await prepared.execute()).rows;
}

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_SHAPES) {
    name = `shape_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The text and parameters of a statement made of `sql` templates, strings and values only, as the batches' are:
 * one walk that appends to one text and one list of parameters. drizzle's own compiler copies both at every level
 * of nesting, which for a batch's statement of several hundred parameters allocated some 100 KB per order (decision
 * 0028). Any other part (a table or column object, a placeholder) is left to drizzle's compiler; values always
 * become parameters (`inlineParams` is not for these statements).
 */
export function compile(query: SQL): { sql: string; params: unknown[] } {
  const text: string[] = [];
  const params: unknown[] = [];
  if (append(query, text, params)) return { sql: text.join(''), params };
  const drizzles = dialect.sqlToQuery(query);
  return { sql: drizzles.sql, params: drizzles.params };
}

function append(query: SQL, text: string[], params: unknown[]): boolean {
  for (const chunk of query.queryChunks) {
    if (chunk === undefined) continue;
    if (is(chunk, StringChunk)) {
      text.push(...chunk.value);
    } else if (is(chunk, SQL)) {
      if (!append(chunk, text, params)) return false;
    } else if (is(chunk, Param)) {
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (is(value, SQL)) return false;
      params.push(value);
      text.push(`$${params.length}`);
    } else if (isValue(chunk)) {
      params.push(chunk);
      text.push(`$${params.length}`);
    } else {
      return false;
    }
  }
  return true;
}

function isValue(chunk: unknown): boolean {
  return chunk === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof chunk);
}
