import { createServer } from 'node:net';
import { placeOrderBody } from '@kestrel/contract';
import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openCluster } from '../cluster/open-cluster';
import { loadConfig } from '../config';
import { createUsers, deposit, tradingLedgerOf } from '../modules/ledger/test-ledger';
import { spotServiceOf } from '../modules/spot/test-spot';
import { listenForMetrics } from './metrics.routes';
import { NodeMetrics } from './node-metrics';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

let sut: TestApp;
let metricsPort: number;

/** A port free a moment ago: taken from the system, then given up, for the app's own metrics listener. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  metricsPort = await freePort();
  sut = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) } });
});
afterAll(async () => {
  await sut?.close();
});

function scrape(app: TestApp['app'], authorization?: string) {
  return app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { 'think-lang': 'es', ...(authorization ? { authorization } : {}) },
  });
}

/** The value of one series in Prometheus's text, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics on the public port', () => {
  it('counts requests by method, route pattern and status class, and reads clients and pools', async () => {
    for (let round = 0; round < 3; round++) await sut.app.inject({ method: 'GET', url: '/api/health' });
    await sut.app.inject({ method: 'GET', url: '/api/markets/NOSUCH' });

    const response = await scrape(sut.app, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(
      seriesValue(
        text,
        'kestrel_http_request_duration_seconds_count{method="GET",route="/api/health",status="2xx"}',
      ),
    ).toBe(3);
    expect(
      seriesValue(
        text,
        'kestrel_http_request_duration_seconds_count{method="GET",route="/api/markets/:symbol",status="4xx"}',
      ),
    ).toBe(1);
    expect(seriesValue(text, 'kestrel_websocket_clients')).toBe(0);
    expect(seriesValue(text, 'kestrel_websocket_dropped_total')).toBe(0);
    // The process's own: CPU, memory and the event loop's lag.
    expect(seriesValue(text, 'kestrel_process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(seriesValue(text, 'kestrel_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(seriesValue(text, 'kestrel_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (sut.database.kind === 'postgres') {
      expect(seriesValue(text, 'kestrel_db_pool_connections{pool="main",state="total"}')).toBeGreaterThan(0);
    }
  });

  it('refuses a scraper without the token, or with another, with a translated 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', TOKEN, `Bearer ${TOKEN}x`]) {
      const response = await scrape(sut.app, authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 1001, msg: catalogues.es.errors.unauthorized, data: null });
    }
  });

  it('is not served at all without a token or a port of its own', async () => {
    const plain = await createTestApp();
    try {
      const response = await scrape(plain.app, `Bearer ${TOKEN}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('kestrel_');
    } finally {
      await plain.close();
    }
  });
});

describe('the metrics listener of its own', () => {
  it("is opened with the app on METRICS_PORT, with the same series as the public port's", async () => {
    await sut.app.inject({ method: 'GET', url: '/api/health' });
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('kestrel_http_request_duration_seconds_count{method="GET"');
  });

  it('serves /metrics and nothing else', async () => {
    const metrics = new NodeMetrics({
      pools: () => [],
      websocket: () => ({ connectionCount: 4, stats: { dropped: 2, lost: 3 } }),
    });
    const server = await listenForMetrics(metrics.registry, { port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(seriesValue(text, 'kestrel_websocket_clients')).toBe(4);
      expect(seriesValue(text, 'kestrel_websocket_dropped_total')).toBe(2);
      expect(seriesValue(text, 'kestrel_realtime_lost_total')).toBe(3);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('what the node counts', () => {
  const idle = () => ({ connectionCount: 0, stats: { dropped: 0, lost: 0 } });

  it('counts leadership gained and lost, as the cluster tells it', async () => {
    const metrics = new NodeMetrics({ pools: () => [], websocket: idle });
    const config = loadConfig({ NODE_NAME: 'node-counted' });
    const cluster = await openCluster(config, sut.database, undefined, (name, epoch) =>
      metrics.leadershipChanged(name, epoch),
    );
    cluster.leadership.contend('job:metrics-counted', { gained: async () => {}, lost: async () => {} });
    await cluster.leadership.start();
    await cluster.leadership.stop();
    await cluster.close();

    const text = await metrics.registry.metrics();
    for (const direction of ['gained', 'lost']) {
      expect(
        seriesValue(
          text,
          `kestrel_leadership_changes_total{name="job:metrics-counted",direction="${direction}"}`,
        ),
      ).toBe(1);
    }
  });

  it("counts a market's orders and trades, and times matching lag and settlement", async () => {
    const metrics = new NodeMetrics({ pools: () => [], websocket: idle });
    const ledger = tradingLedgerOf(sut);
    const { sut: spot } = await spotServiceOf(sut, {
      ledger,
      observe: (batch) => metrics.spotBatchSettled(batch),
    });
    try {
      const [buyer = 0, seller = 0] = await createUsers(sut, 2);
      await deposit(ledger, buyer, 'USDT', '1000');
      await deposit(ledger, seller, 'BTC', '1');
      const order = (side: 'buy' | 'sell') =>
        placeOrderBody.parse({ symbol: 'BTCUSDT', side, type: 'limit', price: '50000', size: '0.01' });
      await spot.place(buyer, order('buy'), 'metrics-buy');
      await spot.place(seller, order('sell'), 'metrics-sell');
    } finally {
      await spot.stop();
    }

    const text = await metrics.registry.metrics();
    expect(seriesValue(text, 'kestrel_spot_orders_total{market="BTCUSDT"}')).toBe(2);
    expect(seriesValue(text, 'kestrel_spot_trades_total{market="BTCUSDT"}')).toBe(1);
    expect(seriesValue(text, 'kestrel_spot_matching_lag_seconds_count')).toBe(2);
    expect(seriesValue(text, 'kestrel_spot_settlement_seconds_count')).toBe(2);
    expect(seriesValue(text, 'kestrel_spot_settlement_seconds_sum')).toBeGreaterThan(0);
  });
});
