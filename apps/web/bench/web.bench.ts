/**
 * What a phone pays to open the app: the gzipped JavaScript loaded before the first paint of /home/index (the
 * chart library must not be part of it) and Lighthouse's mobile performance score for /home/index and
 * /trade/detail, driving Debian's Chromium.
 *
 *   npm run bench:web      (builds the user app into a temp folder; BENCH_WEB_SKIP_BUILD=1 reuses that build)
 *
 * The real server serves the production build on a free loopback port with an in-memory database. The last
 * line is JSON: {"home_js_gzip_kb","chart_in_first_paint","lighthouse_home","lighthouse_detail"}.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { registerAccount } from '../../server/test/api';
import { createTestApp } from '../../server/test/test-app';

const WEB_ROOT = new URL('..', import.meta.url).pathname;
/** A build of its own: other runs (the browser tests) rebuild apps/web/dist at any time. */
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(tmpdir(), 'kestrel-bench-web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
/** The chart's chunk: lightweight-charts is bundled only into it. */
const CHART_CHUNK = /KlineChart|lightweight-charts/;
/** Lighthouse runs per page; the median score is reported, as Lighthouse's own docs advise for variance. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);

function log(message: string) {
  console.error(`[bench:web] ${message}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function ensureBuild() {
  const built = existsSync(path.join(WEB_DIST, 'index.html'));
  if (process.env.BENCH_WEB_SKIP_BUILD && built) {
    log(`reusing ${WEB_DIST}`);
    return;
  }
  log(`building apps/web into ${WEB_DIST}`);
  await build({ root: WEB_ROOT, logLevel: 'warn', build: { outDir: WEB_DIST, emptyOutDir: true } });
}

/** The scripts the page had received when it first painted, each gzipped as the server would send it. */
async function firstPaintScripts(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/home/index`, { waitUntil: 'networkidle' });
    const timing = await page.evaluate(async () => {
      const paint = await new Promise<number>((resolve) => {
        const existing = performance.getEntriesByName('first-contentful-paint')[0];
        if (existing) return resolve(existing.startTime);
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      });
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, responseEnd: (entry as PerformanceResourceTiming).responseEnd }));
      return { paint, scripts };
    });
    const before = timing.scripts.filter((script) => script.responseEnd <= timing.paint);
    const sized = await Promise.all(
      before.map(async (script) => {
        const file = path.join(WEB_DIST, new URL(script.url).pathname);
        const body = await readFile(file);
        return { file: path.relative(WEB_DIST, file), gzip: gzipSync(body, { level: 9 }).length };
      }),
    );
    const all = timing.scripts.map((script) => new URL(script.url).pathname);
    return { paintMs: timing.paint, scripts: sized, allScripts: all };
  } finally {
    await browser.close();
  }
}

type LighthouseTarget = { url: string; token?: string; baseUrl: string };

async function lighthouseScore(target: LighthouseTarget): Promise<number> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (target.token) {
      // The screen needs a session: store the token on the origin from a page that loads none of the app's
      // files, so the measured load still starts with a cold cache.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      const page = await context.newPage();
      await page.goto(`${target.baseUrl}/api/health`);
      await page.evaluate((token) => {
        localStorage.setItem('token', token);
        localStorage.setItem('lang', 'en-US');
        localStorage.setItem(
          'session',
          JSON.stringify({ token, language: 'en-US', userInfo: null, menuList: [], swiperInfo: [] }),
        );
      }, target.token);
      await page.close();
    }
    const result = await lighthouse(target.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keeps the stored session; the page's files were never loaded, so the cache is still cold.
      disableStorageReset: target.token !== undefined,
    });
    const score = result?.lhr.categories.performance?.score;
    const audits = result?.lhr.audits;
    log(
      `${new URL(target.url).pathname}: score ${score} FCP ${audits?.['first-contentful-paint']?.displayValue} ` +
        `LCP ${audits?.['largest-contentful-paint']?.displayValue} TBT ${audits?.['total-blocking-time']?.displayValue} ` +
        `CLS ${audits?.['cumulative-layout-shift']?.displayValue}`,
    );
    if (process.env.BENCH_WEB_DEBUG) {
      for (const id of [
        'bootup-time',
        'mainthread-work-breakdown',
        'long-tasks',
        'largest-contentful-paint-element',
      ]) {
        const details = audits?.[id]?.details as { items?: unknown[] } | undefined;
        log(`  ${id}: ${JSON.stringify(details?.items?.slice(0, 6))}`);
      }
    }
    return Math.round((score ?? 0) * 100);
  } finally {
    chrome.kill();
  }
}

async function main() {
  await ensureBuild();
  log(`chunks: ${readdirSync(path.join(WEB_DIST, 'assets')).length} files in dist/assets`);
  const sut = await createTestApp({ webDist: WEB_DIST, env: { MARKET_MAKER: 'on' } });
  try {
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(sut.app.server.address() as AddressInfo).port}`;
    const { token } = await registerAccount(sut, `bench.${Date.now()}@example.com`, {
      password: 'Bench2026x',
    });

    const firstPaint = await firstPaintScripts(baseUrl);
    const totalGzip = firstPaint.scripts.reduce((sum, script) => sum + script.gzip, 0);
    const chartInFirstPaint = firstPaint.scripts.some((script) => CHART_CHUNK.test(script.file));
    for (const script of firstPaint.scripts)
      log(`  ${script.file}: ${(script.gzip / 1024).toFixed(1)} KB gzip`);
    log(`first paint at ${firstPaint.paintMs.toFixed(0)} ms after ${firstPaint.scripts.length} scripts`);
    if (chartInFirstPaint) log('the chart chunk was loaded before the first paint of /home/index');

    const home: number[] = [];
    const detail: number[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      home.push(await lighthouseScore({ url: `${baseUrl}/home/index`, baseUrl }));
      detail.push(await lighthouseScore({ url: `${baseUrl}/trade/detail?symbol=BTCUSDT`, baseUrl, token }));
    }
    console.log(
      JSON.stringify({
        home_js_gzip_kb: Math.round((totalGzip / 1024) * 10) / 10,
        chart_in_first_paint: chartInFirstPaint,
        lighthouse_home: median(home),
        lighthouse_detail: median(detail),
      }),
    );
  } finally {
    await sut.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
