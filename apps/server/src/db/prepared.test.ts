import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onServer, rowsOf } from '../../test/database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { users } from '../modules/auth/auth.schema';
import type { Db } from './client';
import { compile, executeNamed } from './prepared';

/*
 * The trading connections' statements (decision 0028). Prepared statements and planner settings are the
 * server's; PGlite runs the same statements unnamed, so those tests run only when DATABASE_URL names a server.
 */

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * A table of a few hundred rows, as the ledger's are on a new installation, with statistics: small enough that
 * planning by cost scans it whole rather than looking rows up by its key.
 */
async function fewRows(tx: Db) {
  await tx.execute(
    sql`create temporary table few_rows (id int primary key, label text not null) on commit drop`,
  );
  await tx.execute(sql`insert into few_rows select n, 'row ' || n from generate_series(1, 300) as n`);
  await tx.execute(sql`analyze few_rows`);
}

/** Rows looked up by key as a settlement looks up its balance rows: through the set of keys the batch changes. */
const lookup = (first: number, second: number) =>
  sql`with wanted (id) as (values (${first}::int), (${second}::int))
      select label from few_rows where id in (select id from wanted) order by id`;

describe('compile', () => {
  const dialect = new PgDialect();
  /** drizzle's own text and parameters (without its typings, which the driver does not use). */
  const drizzles = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return { sql: text, params };
  };

  it('gives the text and parameters drizzle gives for templates, lists, raw text and values', () => {
    const rows = [
      { id: 1n, label: 'one', at: null },
      { id: 2n, label: "it's", at: 7.5 },
    ];
    const query = sql`with v (id, label, at) as (values ${sql.join(
      rows.map((row) => sql`(${row.id}::bigint, ${row.label}::text, ${row.at}::numeric)`),
      sql`, `,
    )}) select ${sql.raw('label')} from v where ${true} and id in (${sql.join([1, 2], sql`, `)})`;

    expect(compile(query)).toEqual(drizzles(query));
    expect(compile(query).params).toEqual([1n, 'one', null, 2n, "it's", 7.5, true, 1, 2]);
  });

  it('leaves a statement naming tables and columns to drizzle', () => {
    const query = sql`select ${users.email} from ${users} where ${eq(users.id, 3)}`;

    expect(compile(query)).toEqual(drizzles(query));
    expect(compile(query).sql).toContain('"users"."email"');
  });
});

describe('executeNamed', () => {
  it('answers the rows of a statement with parameters', async () => {
    const rows = await executeNamed<{ n: number; word: string }>(
      app.database.trading,
      sql`select ${41}::int + 1 as n, ${'kestrel'}::text as word`,
    );
    expect(rows).toEqual([{ n: 42, word: 'kestrel' }]);
  });
});

onServer('the trading connections', () => {
  it('prepare a statement once and run every later batch of its shape on one generic plan', async () => {
    const { answers, prepared } = await app.database.trading.transaction(async (tx) => {
      await fewRows(tx);
      const answers = [
        await executeNamed(tx, lookup(1, 2)),
        await executeNamed(tx, lookup(3, 4)),
        await executeNamed(tx, lookup(5, 6)),
      ];
      const prepared = await rowsOf(
        tx,
        sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements
            where statement like '%from few_rows%'`,
      );
      return { answers, prepared };
    });
    expect(answers).toEqual([
      [{ label: 'row 1' }, { label: 'row 2' }],
      [{ label: 'row 3' }, { label: 'row 4' }],
      [{ label: 'row 5' }, { label: 'row 6' }],
    ]);
    expect(prepared).toEqual([
      { name: expect.stringMatching(/^shape_[0-9a-f]{32}$/), generic_plans: 3, custom_plans: 0 },
    ]);
  });

  it('plan lookups by key through the index even on a table of a few rows', async () => {
    const plan = await app.database.trading.transaction(async (tx) => {
      await fewRows(tx);
      await executeNamed(tx, lookup(7, 8));
      const [statement] = await rowsOf<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like '%from few_rows%'`,
      );
      const lines = await rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain execute ${statement?.name}(7, 8)`),
      );
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using few_rows_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('are apart from the pool that serves the rest of the app, which plans by cost', async () => {
    const setting = async (db: Db) =>
      (await rowsOf<{ enable_seqscan: string }>(db, sql`show enable_seqscan`))[0]?.enable_seqscan;
    expect(await setting(app.database.trading)).toBe('off');
    expect(await setting(app.database.db)).toBe('on');
  });
});
