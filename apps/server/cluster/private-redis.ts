import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { Binaries } from './binaries';
import { exited, freePort, running, spawnLogged, tailOf, waitUntil } from './processes';

/**
 * A redis-server of one suite's own on a free port, keeping nothing on disk (`--save "" --appendonly no`): a
 * restart loses every key, as a failed-over Redis without persistence would.
 */
export class PrivateRedis {
  port = 0;
  private child: ChildProcess | undefined;
  readonly logFile: string;

  constructor(
    private readonly binaries: Binaries,
    private readonly root: string,
  ) {
    this.logFile = path.join(root, 'redis.log');
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts on a free port, trying another when one is taken between choosing and binding it. */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      if (await this.launch()) return;
      if (attempt === 5) throw new Error(`redis-server did not start:\n${tailOf(this.logFile)}`);
    }
  }

  /** Stops it (SIGTERM, as a service manager does) and starts it again on the same port, empty. */
  async restart(): Promise<void> {
    await this.stop();
    if (!(await this.launch())) throw new Error(`redis-server did not start again:\n${tailOf(this.logFile)}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !running(child)) return;
    child.kill('SIGTERM');
    await exited(child);
  }

  async teardown(): Promise<void> {
    const child = this.child;
    if (!child || !running(child)) return;
    child.kill('SIGKILL');
    await exited(child);
  }

  private async launch(): Promise<boolean> {
    const child = spawnLogged(
      this.binaries.redisServer,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.root,
      ],
      { logFile: this.logFile },
    );
    this.child = child;
    try {
      await waitUntil('redis-server to answer', () => running(child) === false || this.answers(), {
        timeoutMs: 20_000,
        everyMs: 50,
      });
    } catch {
      child.kill('SIGKILL');
      return false;
    }
    return running(child);
  }

  /** Whether PING gets PONG. */
  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (data) => {
        resolve(data.toString().startsWith('+PONG'));
        socket.destroy();
      });
      socket.on('error', () => resolve(false));
      socket.on('timeout', () => {
        resolve(false);
        socket.destroy();
      });
    });
  }
}
