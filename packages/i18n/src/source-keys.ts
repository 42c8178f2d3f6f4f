import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { catalogues } from './all';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree as Tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * The catalogue keys an app's sources name that its own catalogue lacks: a key of any namespace written as a
 * string, or the fixed start of a key built at run time (`orders.status.${status}`) that no key of its own begins
 * with. The compiler checks the keys given to t(); this also catches keys that reach it as plain strings.
 */
export function keysMissingFrom(catalogue: object, sourceDir: string): string[] {
  const own = keysOf(catalogue);
  const known = new Set(own);
  const every = new Set(keysOf(catalogues['en-US']));
  const missing = new Set<string>();
  for (const file of sources(sourceDir)) {
    const code = readFileSync(file, 'utf8');
    for (const [, key = ''] of code.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)['"`]/g)) {
      if (every.has(key) && !known.has(key)) missing.add(key);
    }
    for (const [, start = ''] of code.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*\.)\$\{/g)) {
      const section = start.slice(0, start.indexOf('.'));
      const aKeyOfSection = [...every].some((key) => key.startsWith(`${section}.`));
      if (aKeyOfSection && !own.some((key) => key.startsWith(start))) missing.add(`${start}…`);
    }
  }
  return [...missing].sort();
}
