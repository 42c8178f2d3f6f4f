import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A port nobody listens on now, from the kernel (listen on 0, read it back, close). Another program may take it
 * before the caller does; each starter retries with another port when its process cannot bind.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Waits until `check` answers something other than undefined or false, trying every `everyMs`; fails naming
 * `what` (or what it answers then) after `timeoutMs`. Limits are generous: the suites share two cores with everything else CI runs.
 */
export async function waitUntil<T>(
  what: string | (() => string),
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 60_000, everyMs = 100 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > giveUpAt) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      const named = typeof what === 'string' ? what : what();
      throw new Error(`gave up waiting for ${named} after ${timeoutMs} ms${cause}`);
    }
    await sleep(everyMs);
  }
}

/** A child process whose output goes to a log file of its own, appended across restarts. */
export function spawnLogged(
  command: string,
  args: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string },
): ChildProcess {
  const log = openSync(options.logFile, 'a');
  try {
    return spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', log, log],
    });
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(log);
  }
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Whether the process is still running. */
export function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** The end of a log file, for an error message that says why a process did not come up. */
export function tailOf(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Runs a command to its end; fails with its output when it exits non-zero. */
export function runToEnd(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}
