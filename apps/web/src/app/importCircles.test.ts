import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const APP = path.join(SRC, 'app');
/** The route table and the modules around it that the screens may, or must not, reach. */
const ROUTE_MODULES = ['paths.ts', 'routes.ts', 'screens.ts', 'router.tsx'].map((name) =>
  path.join(APP, name),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/** An import that only brings types is erased by the compiler, so it cannot take part in a circle. */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** What a module loads at run time, statically or with import(). */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !typeOnly(node)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.flatMap((specifier) => resolve(file, specifier) ?? []);
}

const graph = new Map(sourceFiles(SRC).map((file) => [file, importsOf(file)]));

/** A chain of imports that leads from `start` back to itself, or undefined when there is none. */
function circleThrough(start: string): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [...(graph.get(start) ?? [])];
  for (const next of queue) cameFrom.set(next, start);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (file === start) {
      const chain = [start];
      for (let at = cameFrom.get(start); at && at !== start; at = cameFrom.get(at)) chain.unshift(at);
      return [start, ...chain.slice(0, -1), start].map((entry) => path.relative(SRC, entry));
    }
    for (const next of graph.get(file) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

describe('the route table and the screens', () => {
  it('finds the screens through the route table', () => {
    const screens = graph.get(path.join(APP, 'screens.ts')) ?? [];
    expect(screens.length).toBeGreaterThan(20);
  });

  it.each(ROUTE_MODULES.map((file) => [path.relative(SRC, file), file]))(
    '%s is on no import circle',
    (_, file) => {
      expect(circleThrough(file)).toBeUndefined();
    },
  );

  it('keeps the path constants free of imports, so any screen may use them', () => {
    expect(graph.get(path.join(APP, 'paths.ts'))).toEqual([]);
  });
});
