import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The programs a cluster needs, from Debian's packages (postgresql, redis-server, haproxy). */
export type Binaries = {
  /** The folder of initdb, pg_ctl and postgres, the newest installed version. */
  postgresBin: string;
  redisServer: string;
  haproxy: string;
  /**
   * PostgreSQL refuses to run as root: as root the harness runs its programs as this operating-system user
   * (through runuser), which owns its folder; otherwise as the current user.
   */
  postgresUser: { name: string; uid: number; gid: number; runuser: string } | undefined;
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

/** An operating-system user's ids, from /etc/passwd (name:password:uid:gid:...). */
function systemUser(name: string): { name: string; uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((each) => each.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    return uid === undefined || gid === undefined ? undefined : { name, uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
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
  const user = root ? systemUser('postgres') : undefined;
  const postgresUser = user && runuser ? { ...user, runuser } : undefined;
  const missing = [
    postgresBin
      ? undefined
      : 'PostgreSQL server (/usr/lib/postgresql/<version>/bin/initdb; apt-get install postgresql)',
    redisServer ? undefined : 'redis-server (apt-get install redis-server)',
    haproxy ? undefined : 'haproxy (apt-get install haproxy)',
    root && !runuser ? 'runuser (util-linux), to run PostgreSQL as a user other than root' : undefined,
    root && !user ? 'the postgres operating-system user (made by the postgresql package)' : undefined,
  ].filter((line): line is string => line !== undefined);
  if (missing.length > 0 || !postgresBin || !redisServer || !haproxy) return { missing };
  return { binaries: { postgresBin, redisServer, haproxy, postgresUser } };
}
