import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * One run: pure packages, the server against PostgreSQL (PGlite when DATABASE_URL is unset), the components of
 * the design system, the user app and the back office in happy-dom, the browser journeys' set-up, and the
 * journeys themselves in Chromium against the built apps (their set-up installs Debian's Chromium where it may, see
 * e2e/chromium.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Three nodes behind HAProxy on a PostgreSQL and a Redis of each suite's own (apps/server/cluster):
          // skipped with the reason where Debian's postgresql, redis-server or haproxy is missing. One suite at a
          // time: each runs several processes on a machine of two cores.
          name: 'cluster',
          include: ['apps/server/cluster/**/*.cluster.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/cluster/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [react()],
        test: { name: 'ui', include: ['packages/ui/src/**/*.test.tsx'], environment: 'happy-dom' },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: { name: 'e2e-setup', include: ['e2e/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // A page answers within its journey's time, not within expect.poll's default second: the journeys share
          // two cores with the server tests in CI.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
