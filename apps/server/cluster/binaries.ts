import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The programs a cluster needs, from Debian's packages (postgresql, redis-server, haproxy). */
export type Binaries = {
  /** The folder of initdb, pg_ctl and postgres, the newest installed version. */
  postgresBin: string;
  redisServer: string;
  haproxy: string;
  /**
   * PostgreSQL refuses to run as root: as root the harness runs its programs as this operating-system user
   * (through runuser); otherwise as the current user.
   */
  postgresUser: string | undefined;
};

const SEARCH_PATH = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];

function onPath(name: string): string | undefined {
  for (const folder of SEARCH_PATH) {
    const candidate = path.join(folder, name);
    if (folder && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function newestPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin');
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The binaries, or the list of what is missing, each with the package that brings it, so that a skipped suite
 * says why.
 */
export function findBinaries(): { binaries: Binaries } | { missing: string[] } {
  const postgresBin = newestPostgresBin();
  const redisServer = onPath('redis-server');
  const haproxy = onPath('haproxy');
  const root = process.getuid?.() === 0;
  const runuser = onPath('runuser');
  const missing = [
    postgresBin
      ? undefined
      : 'PostgreSQL server (/usr/lib/postgresql/<version>/bin/initdb; apt-get install postgresql)',
    redisServer ? undefined : 'redis-server (apt-get install redis-server)',
    haproxy ? undefined : 'haproxy (apt-get install haproxy)',
    root && !runuser ? 'runuser (util-linux), to run PostgreSQL as a user other than root' : undefined,
    root && !userExists('postgres')
      ? 'the postgres operating-system user (made by the postgresql package)'
      : undefined,
  ].filter((line): line is string => line !== undefined);
  if (missing.length > 0 || !postgresBin || !redisServer || !haproxy) return { missing };
  return { binaries: { postgresBin, redisServer, haproxy, postgresUser: root ? 'postgres' : undefined } };
}
