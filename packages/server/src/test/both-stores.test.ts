// The list of files that test both stores themselves names each such file and no other, so the PGlite pass
// never leaves out a case it alone would run.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { BOTH_STORES_FILES } from './both-stores';

const SRC = path.join(REPO_ROOT, 'packages/server/src');
const BOTH = /describe\.each\((?:\[\s*'pglite',\s*'postgres'\s*\]|PAIRS)/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return e.name.endsWith('.test.ts') ? [full] : [];
  });
}

it('names exactly the files whose cases run on PGlite and PostgreSQL in one pass', () => {
  const found = testFiles(SRC)
    .filter((f) => BOTH.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(REPO_ROOT, f))
    .sort();
  expect(found).toEqual([...BOTH_STORES_FILES].sort());
});
