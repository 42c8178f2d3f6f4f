/**
 * A bench's own database on the PostgreSQL server of DATABASE_URL: created under a random name, dropped when the
 * bench is done, so that runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export type ScratchDatabase = {
  readonly name: string;
  /** The scratch database's own URL. */
  readonly url: string;
  /** Waits for the bench's connections to close, then drops the database. */
  drop(): Promise<void>;
};

export async function scratchDatabase(): Promise<ScratchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error('set DATABASE_URL to a PostgreSQL server; the bench makes and drops a database there');
  const name = `kestrel_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      // A pool's end() resolves before its sockets have closed; dropping WITH (FORCE) then would kill them
      // mid-close and crash the process on their error event, so wait for them to go first.
      for (let attempt = 0; attempt < 50; attempt++) {
        const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (open.rowCount === 0) break;
        await sleep(100);
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
