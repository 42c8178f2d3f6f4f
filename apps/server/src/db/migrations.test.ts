import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { onServer } from '../../test/database';
import { openDatabase } from './client';

onServer('migrations on several nodes', () => {
  it('are applied once when nodes start together on a new database', async () => {
    const serverUrl = process.env.DATABASE_URL as string;
    const name = `kestrel_test_${randomBytes(6).toString('hex')}`;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      const result = await client.query(statement);
      await client.end();
      return result;
    };
    await run(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const nodes = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })),
      );
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const applied = await client.query(
        'select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      );
      await client.end();
      expect(applied.rows[0].count).toBeGreaterThan(10);
      expect(applied.rows[0].count).toBe(applied.rows[0].distinct);
      await Promise.all(nodes.map((node) => node.close()));
    } finally {
      await run(`drop database if exists ${name} with (force)`);
    }
  });
});
