import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Binaries } from './binaries';
import { exited, freePort, running, spawnLogged, tailOf, waitUntil } from './processes';

export type BalancedNode = { name: string; port: number };

/**
 * HAProxy's configuration for the suite, as deploy/haproxy.cfg runs it in front of three nodes: round robin
 * without stickiness (any node serves any request and WebSocket), X-Forwarded-For for the nodes' rate limits,
 * WebSocket upgrade kept as a tunnel, a request that found its node gone redispatched once, and a readiness
 * check every second (two failures take a node out, two passes put it back).
 *
 * As there, each node again as an unchecked backup, used only when every node fails its check. When the
 * database is down every node reports itself not ready, and a client should then read the nodes' own
 * translated 503 rather than the balancer's page.
 */
export function balancerConfig(options: {
  port: number;
  nodes: BalancedNode[];
  checkPath: string;
  statsSocket: string;
}): string {
  const servers = options.nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`);
  const backups = options.nodes.map(
    (node) => `  server ${node.name}-unchecked 127.0.0.1:${node.port} backup`,
  );
  return [
    'global',
    `  stats socket ${options.statsSocket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout tunnel 1h',
    '  timeout client-fin 10s',
    '  retries 2',
    '  option redispatch',
    '',
    'frontend kestrel',
    `  bind 127.0.0.1:${options.port}`,
    '  default_backend nodes',
    '',
    'backend nodes',
    '  balance roundrobin',
    '  option allbackups',
    '  option httpchk',
    `  http-check send meth GET uri ${options.checkPath}`,
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 2 maxconn 5000',
    ...servers,
    ...backups,
    '',
  ].join('\n');
}

/** HAProxy in front of the suite's nodes, on a free port, with its admin socket in the suite's folder. */
export class Balancer {
  port = 0;
  private child: ChildProcess | undefined;
  readonly logFile: string;
  readonly configFile: string;
  readonly statsSocket: string;

  constructor(
    private readonly binaries: Binaries,
    root: string,
  ) {
    this.logFile = path.join(root, 'haproxy.log');
    this.configFile = path.join(root, 'haproxy.cfg');
    this.statsSocket = path.join(root, 'haproxy.sock');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(nodes: BalancedNode[], checkPath: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      writeFileSync(
        this.configFile,
        balancerConfig({ port: this.port, nodes, checkPath, statsSocket: this.statsSocket }),
      );
      const child = spawnLogged(this.binaries.haproxy, ['-db', '-f', this.configFile], {
        logFile: this.logFile,
      });
      this.child = child;
      const started = await waitUntil(
        'HAProxy to answer on its admin socket',
        async () =>
          !running(child) ? 'exited' : (await this.ask('show info')).includes('Name: HAProxy') && 'up',
        { timeoutMs: 20_000, everyMs: 50 },
      );
      if (started === 'up') break;
      if (attempt === 5) throw new Error(`HAProxy did not start:\n${tailOf(this.logFile)}`);
    }
    await this.waitForNodes(nodes.map((node) => node.name));
  }

  /** The names of the nodes the balancer sends to now (their checks pass). */
  async nodesUp(): Promise<string[]> {
    const csv = await this.ask('show stat');
    return csv
      .split('\n')
      .map((line) => line.split(','))
      .filter(
        (fields) => fields[0] === 'nodes' && fields[1] !== 'BACKEND' && !fields[1]?.endsWith('-unchecked'),
      )
      .filter((fields) => fields[17]?.startsWith('UP'))
      .map((fields) => fields[1] as string);
  }

  /** Waits until the balancer sends to exactly these nodes. */
  async waitForNodes(names: string[]): Promise<void> {
    const wanted = [...names].sort().join(',');
    await waitUntil(`the balancer to send to ${wanted || 'no node'}`, async () => {
      return (await this.nodesUp()).sort().join(',') === wanted;
    });
  }

  async teardown(): Promise<void> {
    const child = this.child;
    if (!child || !running(child)) return;
    child.kill('SIGKILL');
    await exited(child);
  }

  /** One command on HAProxy's admin socket; answers what it printed. */
  private ask(command: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(this.statsSocket);
      let answer = '';
      socket.on('connect', () => socket.write(`${command}\n`));
      socket.on('data', (data) => {
        answer += data.toString();
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', () => resolve(''));
    });
  }
}
