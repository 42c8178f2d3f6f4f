/**
 * Back-office accounts from the command line, against the database the server would use (DATABASE_URL or
 * DATA_DIR):
 *
 *   npm run admin -- create --email ops@example.com --password 'secret123' --role super_admin [--name Ops]
 *
 * creates the admin, or resets the password (and role) of the one with that e-mail; running it again with the
 * same arguments changes nothing. One line on stdout on success; the problem on stderr and a non-zero exit
 * otherwise.
 */
import { parseArgs } from 'node:util';
import { adminEmailField, adminNameField, adminRoleField, passwordField } from '@kestrel/contract';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { isTranslationKey, translator } from '../http/i18n';
import { AdminsRepository, AdminsService } from '../modules/admin';
import { AuthRateLimits } from '../modules/auth';

const USAGE =
  'usage: npm run admin -- create --email <e-mail> --password <password> --role <role> [--name <name>]';

const createArguments = z.object({
  email: adminEmailField,
  password: passwordField,
  role: adminRoleField,
  name: adminNameField.optional(),
});

class UsageError extends Error {}

function parseCreate(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
    },
    strict: true,
  });
  const parsed = createArguments.safeParse(values);
  if (!parsed.success) {
    const t = translator('en-US');
    throw new UsageError(
      parsed.error.issues
        .map(
          (issue) =>
            `--${issue.path.join('.')}: ${isTranslationKey(issue.message) ? t(issue.message) : issue.message}`,
        )
        .join('\n'),
    );
  }
  return parsed.data;
}

async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (command !== 'create') throw new UsageError(USAGE);
  const account = parseCreate(rest);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const admins = new AdminsService(new AdminsRepository(database.db), new AuthRateLimits());
    const { admin, outcome } = await admins.createOrReset(account, {
      adminId: null,
      action: 'cliCreateAdmin',
      ip: null,
    });
    const who = `${admin.role} ${admin.email} (id ${admin.id})`;
    if (outcome === 'created') return `created ${who}`;
    if (outcome === 'reset') return `reset the password of ${who}; its sessions were ended`;
    return `${who} already has this password; nothing changed`;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (line) => {
    process.stdout.write(`${line}\n`);
  },
  (error: unknown) => {
    const message =
      error instanceof UsageError || error instanceof ConfigError
        ? error.message
        : error instanceof TypeError && 'code' in error
          ? `${error.message}\n${USAGE}`
          : `could not create the admin: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  },
);
