import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The walls between server modules (decision 0040), proved over the whole import graph of apps/server/src:
 * - a module is reached from outside only through its index.ts;
 * - a table is imported only by the module that owns it (the one whose folder holds its schema file), so another
 *   module that needs its rows asks the owner's service or a read model the owner exports.
 * Schema files may import each other's tables: a foreign key is the database's own integrity, not a module
 * reading another's rows. Tests and their fixtures (test-*.ts) set up and inspect any module's state and are not
 * walled.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Tables declared outside modules/, and the part of the server that owns them. */
const OWNER_OF_SHARED_SCHEMA: Record<string, string> = { 'db/schema.ts': 'http' };

/** The database client registers every table with drizzle; it reads no rows of its own. */
const SCHEMA_REGISTRY = 'db/client.ts';

/** Breaches of the walls the code still has, each with the reason it stays. Empty is the goal. */
const EXCEPTIONS: { importer: string; imported: string; reason: string }[] = [];

type Import = { importer: string; target: string; names: string[] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const isTest = (file: string) => /(^|\/)test-[^/]*\.ts$|\.test\.ts$/.test(file);
const isSchema = (file: string) =>
  file === 'db/schema.ts' || /^modules\/[^/]+\/[^/]+\.schema\.ts$/.test(file);

/** `modules/<name>` for a module's files; otherwise the top folder (`http`, `db`) or the file itself (`app.ts`). */
function areaOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? (parts[0] as string) : file;
}

function resolve(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(path.join(SRC, fromFile)), specifier);
  const found = [`${base}.ts`, path.join(base, 'index.ts'), base].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`${fromFile}: cannot resolve ${specifier}`);
  return relative(found);
}

/** Every relative import and re-export of the file, with the names it takes (`*` for a whole module). */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(SRC, file), 'utf8'),
    ts.ScriptTarget.Latest,
  );
  const found: Import[] = [];
  for (const statement of source.statements) {
    if (
      (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) ||
      !statement.moduleSpecifier ||
      !ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      continue;
    }
    const target = resolve(file, statement.moduleSpecifier.text);
    if (!target) continue;
    const names: string[] = [];
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      }
    } else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements)
        names.push((element.propertyName ?? element.name).text);
    } else {
      names.push('*');
    }
    found.push({ importer: file, target, names });
  }
  return found;
}

const files = sourceFiles(SRC).map(relative).sort();
const imports = files.filter((file) => !isTest(file)).flatMap(importsOf);

/** The tables each schema file declares. */
const tablesOf = new Map(
  files
    .filter(isSchema)
    .map((file) => [
      file,
      new Set(
        [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].flatMap(
          ([, table]) => (table ? [table] : []),
        ),
      ),
    ]),
);

const ownerOf = (schemaFile: string) => OWNER_OF_SHARED_SCHEMA[schemaFile] ?? areaOf(schemaFile);

/** The tables an import takes, as [schema file, table] pairs: from the schema file itself, or through an index.ts. */
function tablesReached(target: string, names: string[]): [string, string][] {
  const takes = (name: string) => names.includes('*') || names.includes(name);
  const declared = tablesOf.get(target);
  if (declared) return [...declared].filter(takes).map((table) => [target, table]);
  if (!target.endsWith('/index.ts')) return [];
  return imports
    .filter((reexport) => reexport.importer === target)
    .flatMap((reexport) =>
      tablesReached(reexport.target, reexport.names.includes('*') ? names : reexport.names.filter(takes)),
    );
}

function allBreaches(): string[] {
  const found: string[] = [];
  for (const { importer, target, names } of imports) {
    const from = areaOf(importer);
    const to = areaOf(target);
    if (to.startsWith('modules/') && to !== from) {
      const foreignKey = isSchema(importer) && isSchema(target);
      if (target !== `${to}/index.ts` && !foreignKey) found.push(`${importer} reaches into ${target}`);
    }
    if (isSchema(importer) || importer === SCHEMA_REGISTRY) continue;
    for (const [schemaFile, table] of tablesReached(target, names)) {
      if (ownerOf(schemaFile) !== from)
        found.push(`${importer} imports ${table}, a table of ${ownerOf(schemaFile)}`);
    }
  }
  return found;
}

const excepted = (breach: string, e: (typeof EXCEPTIONS)[number]) =>
  breach.startsWith(`${e.importer} `) && breach.includes(e.imported);

describe('server modules', () => {
  it('are reached only through their index.ts, and their tables only by their own files', () => {
    expect(allBreaches().filter((breach) => !EXCEPTIONS.some((e) => excepted(breach, e)))).toEqual([]);
  });

  it('each have an index.ts', () => {
    const modules = new Set(files.map(areaOf).filter((area) => area.startsWith('modules/')));
    expect([...modules].filter((module) => !files.includes(`${module}/index.ts`))).toEqual([]);
  });

  it('keep no exception that no longer breaches a wall', () => {
    const breaches = allBreaches();
    expect(EXCEPTIONS.filter((e) => !breaches.some((breach) => excepted(breach, e)))).toEqual([]);
  });
});
