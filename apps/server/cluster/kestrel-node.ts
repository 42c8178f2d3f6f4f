import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { exited, freePort, running, spawnLogged, tailOf, waitUntil } from './processes';

/** How a node is started: the built server with node when it exists, else the sources through tsx. */
export type ServerCommand = { command: string; args: string[]; cwd: string };

/**
 * One Kestrel node, a child process of the harness on a port of its own, its output (pino's JSON lines) in a
 * log file of its own that survives restarts. The port stays the same across restarts, as the balancer names it.
 */
export class KestrelNode {
  port = 0;
  private child: ChildProcess | undefined;

  constructor(
    readonly name: string,
    readonly logFile: string,
    private readonly server: ServerCommand,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isRunning(): boolean {
    return this.child !== undefined && running(this.child);
  }

  /** Starts on a free port (another one if that one is taken meanwhile) and waits until it answers. */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      try {
        await this.launch();
        return;
      } catch (error) {
        const taken = tailOf(this.logFile, 5).includes('EADDRINUSE');
        if (!taken || attempt === 5) throw error;
      }
    }
  }

  /** Stops the node if it runs (SIGTERM, a graceful stop) and starts it again on the same port. */
  async restart(): Promise<void> {
    if (this.isRunning) await this.signal('SIGTERM');
    await this.launch();
  }

  /** Sends `signal` and waits for the process to end. */
  async signal(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || !running(child)) return;
    // A stopped process handles nothing until it runs again, SIGTERM included.
    child.kill('SIGCONT');
    child.kill(signal);
    await exited(child);
  }

  /** Freezes the process (SIGSTOP): it keeps its sockets and its database connections, and does nothing. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Lets a paused process run again (SIGCONT). */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async teardown(): Promise<void> {
    const child = this.child;
    if (!child || !running(child)) return;
    child.kill('SIGKILL');
    await exited(child);
  }

  /** The node's log lines, parsed (pino writes one JSON object a line; anything else is skipped). */
  logEntries(): Record<string, unknown>[] {
    let text = '';
    try {
      text = readFileSync(this.logFile, 'utf8');
    } catch {
      return [];
    }
    const entries: Record<string, unknown>[] = [];
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        entries.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // A line cut short by a SIGKILL.
      }
    }
    return entries;
  }

  private async launch(): Promise<void> {
    const child = spawnLogged(this.server.command, this.server.args, {
      cwd: this.server.cwd,
      logFile: this.logFile,
      env: { ...this.env, PORT: String(this.port) },
    });
    this.child = child;
    try {
      const outcome = await waitUntil(
        `${this.name} to answer GET /api/health`,
        async () => {
          if (!running(child)) return 'exited';
          const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
          await response.arrayBuffer();
          return response.status === 200 && 'answered';
        },
        { timeoutMs: 120_000, everyMs: 200 },
      );
      if (outcome === 'exited') throw new Error(`${this.name} exited`);
    } catch (error) {
      if (running(child)) child.kill('SIGKILL');
      await exited(child);
      throw new Error(
        `${this.name} did not start: ${error instanceof Error ? error.message : String(error)}\n${tailOf(this.logFile)}`,
      );
    }
  }
}
