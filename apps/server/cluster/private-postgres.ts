import { chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Binaries } from './binaries';
import { freePort, runToEnd, waitUntil } from './processes';

const DATABASE = 'kestrel';

/**
 * A PostgreSQL server of one suite's own, in a temporary folder: initdb once, then pg_ctl to start and stop it
 * (a fast stop, as an operator's restart). The nodes reach it over TCP on a free port of 127.0.0.1, as they
 * reach a database server in production (a stopped server refuses the connection). Each line of its log names
 * the SQLSTATE and the application (each node connects as its own name), so a test can see which node's
 * statement the database refused and why.
 */
export class PrivatePostgres {
  port = 0;
  readonly folder: string;
  readonly dataDir: string;
  readonly logFile: string;

  constructor(
    private readonly binaries: Binaries,
    root: string,
  ) {
    this.folder = path.join(root, 'postgres');
    this.dataDir = path.join(this.folder, 'data');
    this.logFile = path.join(this.folder, 'postgres.log');
  }

  /** The URL of the suite's database; `application` names the connecting program in the server's log. */
  url(application = 'harness'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${DATABASE}?application_name=${application}`;
  }

  async start(): Promise<void> {
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    const owner = this.binaries.postgresUser;
    if (owner) chownSync(this.folder, owner.uid, owner.gid);
    await this.run('initdb', [
      '-D',
      this.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const settings = [
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${this.folder}'`,
      // Small: three nodes, the harness and the host's own PostgreSQL share the machine's memory.
      'shared_buffers = 32MB',
      'max_connections = 200',
      // Each line says when, which process, the SQLSTATE and the application, then the message.
      `log_line_prefix = '%m [%p] %e %a: '`,
      'log_min_error_statement = error',
    ];
    writeFileSync(
      path.join(this.dataDir, 'postgresql.conf'),
      `${readFileSync(path.join(this.dataDir, 'postgresql.conf'), 'utf8')}\n${settings.join('\n')}\n`,
    );
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      try {
        await this.resume();
        break;
      } catch (error) {
        // Another program took the port between choosing and binding it: another one.
        if (attempt === 5 || !this.log().includes('could not bind')) throw error;
      }
    }
    const admin = new pg.Client({ connectionString: this.url().replace(`/${DATABASE}?`, '/postgres?') });
    await admin.connect();
    try {
      await admin.query(`create database ${DATABASE}`);
    } finally {
      await admin.end();
    }
  }

  /** Starts the server on its existing data and waits until it accepts connections. */
  async resume(): Promise<void> {
    await this.run('pg_ctl', [
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      this.dataDir,
      '-l',
      this.logFile,
      '-o',
      `-p ${this.port}`,
    ]);
    await waitUntil('PostgreSQL to accept connections', async () => {
      const client = new pg.Client({ connectionString: this.url() });
      client.on('error', () => {});
      try {
        await client.connect();
        return true;
      } catch (error) {
        // The suite's database does not exist before start() makes it; the server answering is enough.
        return error instanceof Error && error.message.includes('does not exist');
      } finally {
        await client.end().catch(() => undefined);
      }
    });
  }

  /** Stops the server: `fast` ends sessions and checkpoints (an operator's restart), `immediate` is a crash. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.run('pg_ctl', ['stop', '-w', '-t', '60', '-D', this.dataDir, '-m', mode]);
  }

  async restart(): Promise<void> {
    await this.stop('fast');
    await this.resume();
  }

  /** Stops the server if it runs; never fails (teardown). */
  async teardown(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    try {
      const pid = Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGKILL');
    } catch {
      // Stopped already, or never started.
    }
  }

  /** The server's log so far. */
  log(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  private run(program: string, args: string[]): Promise<string> {
    const binary = path.join(this.binaries.postgresBin, program);
    const owner = this.binaries.postgresUser;
    return owner
      ? runToEnd(owner.runuser, ['-u', owner.name, '--', binary, ...args])
      : runToEnd(binary, args);
  }
}
