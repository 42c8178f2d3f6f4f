import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./admin.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-admin-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `npm run admin -- …` against an embedded database of its own, never the test server's. */
async function sut(...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await run(tsx, [script, ...args], { env });
    return { exitCode: 0, stdout, stderr };
  } catch (failure) {
    const { code, stdout, stderr } = failure as { code: number; stdout: string; stderr: string };
    return { exitCode: code, stdout, stderr };
  }
}

describe('npm run admin -- create', () => {
  it('creates an admin, resets its password, then leaves it alone, one line each', async () => {
    const created = await sut(
      'create',
      '--email',
      'Ops@Example.com',
      '--password',
      'secret123',
      '--role',
      'super_admin',
    );
    expect(created).toMatchObject({ exitCode: 0, stderr: '' });
    expect(created.stdout).toBe('created super_admin ops@example.com (id 1)\n');

    const reset = await sut(
      'create',
      '--email',
      'ops@example.com',
      '--password',
      'other1234',
      '--role',
      'super_admin',
    );
    expect(reset.stdout).toMatch(/^reset the password of super_admin ops@example.com \(id 1\)/);

    const again = await sut(
      'create',
      '--email',
      'ops@example.com',
      '--password',
      'other1234',
      '--role',
      'super_admin',
    );
    expect(again.stdout).toBe(
      'super_admin ops@example.com (id 1) already has this password; nothing changed\n',
    );
  }, 90_000); // three start-ups of an on-disk embedded database, each applying every migration

  it('refuses invalid arguments on stderr with a non-zero exit', async () => {
    const answer = await sut('create', '--email', 'not-an-email', '--password', 'short', '--role', 'boss');
    expect(answer.exitCode).not.toBe(0);
    expect(answer.stdout).toBe('');
    expect(answer.stderr).toContain('--email: Email incorrect');
    expect(answer.stderr).toContain('--role: Please choose a valid role');
  });

  it('shows the usage for an unknown command', async () => {
    const answer = await sut('delete');
    expect(answer.exitCode).not.toBe(0);
    expect(answer.stderr).toMatch(/^usage: npm run admin -- create/);
  });
});
