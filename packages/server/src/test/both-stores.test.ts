// The PGlite pass leaves out only files whose cases the PostgreSQL pass ran as the PGlite pass would, so it
// never skips a case it alone would run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import {
  BOTH_STORES_FILES,
  isStoreFree,
  PGLITE_ONLY_FILES,
  pglitePassLeavesOut,
  serverTestFiles,
} from './both-stores';

const BOTH = /describe\.each\((?:\[\s*'pglite',\s*'postgres'\s*\]|PAIRS)/;
const source = (f: string) => fs.readFileSync(path.join(REPO_ROOT, f), 'utf8');

describe('the files the PGlite pass leaves out', () => {
  it('names exactly the files whose cases run on PGlite and PostgreSQL in one pass', () => {
    const found = serverTestFiles(REPO_ROOT).filter((f) => BOTH.test(source(f)));
    expect(found).toEqual([...BOTH_STORES_FILES].sort());
  });

  it('names as PGlite-only files that never ask which store the pass uses', () => {
    for (const f of PGLITE_ONLY_FILES) {
      expect(source(f)).not.toMatch(/TEST_DATABASE_URL|testEnv|harness|workerDatabase/);
      expect(source(f)).toMatch(/PGlite|pglite/);
    }
  });

  it('takes a file for store-free only when it reaches no harness, database, app or environment', () => {
    const unit = "import { describe, it } from 'vitest';\nimport { toCsv } from './csv';\n";
    expect(isStoreFree(unit)).toBe(true);
    for (const reach of [
      "import { testEnv } from '../test/harness';",
      "import { openDatabase } from '../db/client';",
      "import { buildApp } from '../app';",
      "import { ServerProcess } from '../test/durability-fixtures';",
      "import { PGlite } from '@electric-sql/pglite';",
      'const url = process.env.TEST_DATABASE_URL;',
    ])
      expect(isStoreFree(`${unit}${reach}\n`), reach).toBe(false);
  });

  it('keeps the route matrix and every other file that opens a database', () => {
    const out = pglitePassLeavesOut(REPO_ROOT);
    expect(out).toContain('packages/server/src/webhooks/runtime.test.ts');
    expect(out).not.toContain('packages/server/src/http/route-matrix.test.ts');
    for (const f of out.filter((f) => !BOTH_STORES_FILES.includes(f) && !PGLITE_ONLY_FILES.includes(f)))
      expect(source(f), f).not.toMatch(/testEnv\(|openDatabase\(|buildApp\(/);
  });
});
