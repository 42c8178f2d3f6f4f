import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Must match BACK_OFFICE_SECTIONS in apps/web/vite.config.ts: the build leaves these out of the catalogues. */
const LEFT_OUT = ['admin', 'backOffice', 'mail'];
const SRC = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the user app catalogues', () => {
  it('are not asked for a key of a section the build leaves out', () => {
    const key = new RegExp(`['"\`](${LEFT_OUT.join('|')})\\.`);
    const config = readFileSync(path.resolve(SRC, '../vite.config.ts'), 'utf8');
    expect(config).toContain(`const BACK_OFFICE_SECTIONS = [${LEFT_OUT.map((s) => `'${s}'`).join(', ')}];`);
    const offenders = sources(SRC).filter((file) => key.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
