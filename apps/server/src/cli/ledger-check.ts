/**
 * The ledger check from the command line, against the database the server would use (DATABASE_URL or
 * DATA_DIR):
 *
 *   npm run ledger:check
 *
 * prints what was checked and every problem found, then the report as one JSON line. Exits 0 when the ledger
 * holds, 1 naming each broken rule when it does not, 2 when it could not check at all.
 */
import type { LedgerCheckReport } from '@kestrel/contract';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { LedgerRepository, LedgerService } from '../modules/ledger';

async function check(): Promise<LedgerCheckReport> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await new LedgerService(new LedgerRepository(database.db)).check();
  } finally {
    await database.close();
  }
}

/** The report as a person reads it: counts, then each problem under its rule. */
function describeReport(report: LedgerCheckReport): string {
  const { counts } = report;
  const lines = [
    `ledger check at ${report.checkedAt}: ${counts.transactions} journal transactions, ${counts.postings} postings, ${counts.balances} balances, ${counts.openReservations} open reservations`,
  ];
  for (const position of report.systemPositions) {
    lines.push(`  system ${position.account}: ${position.amount} ${position.asset}`);
  }
  for (const problem of report.problems) lines.push(`BROKEN ${problem.rule}: ${problem.detail}`);
  const broken = [...new Set(report.problems.map((problem) => problem.rule))];
  lines.push(report.ok ? 'OK: every invariant holds' : `FAILED: ${broken.join(', ')}`);
  return lines.join('\n');
}

check().then(
  (report) => {
    process.stdout.write(`${describeReport(report)}\n${JSON.stringify(report)}\n`);
    process.exitCode = report.ok ? 0 : 1;
  },
  (error: unknown) => {
    const message =
      error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
    process.stderr.write(`could not check the ledger: ${message}\n`);
    process.exitCode = 2;
  },
);
