import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';

async function main() {
  const config = loadConfig();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (error) =>
      app?.log.warn({ err: error }, 'database connection lost; reconnecting on next use'),
  });
  app = await buildApp({ config, database });

  const stop = async (signal: string) => {
    app.log.info({ signal, drainSeconds: config.drainSeconds }, 'shutting down');
    // Not ready from now on, while still serving, so that the load balancer sends elsewhere before we close.
    app.readiness.drain();
    await sleep(config.drainSeconds * 1000);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { db: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    `Kestrel is running on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Kestrel could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
